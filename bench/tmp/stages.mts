process.env.DATABASE_URL = "mysql://root@127.0.0.1:3306/tims_scale_exp";
const { selectArrays } = await import("../../db/select-arrays.server");
const { sequelize } = await import("../../db/sequelize.server");
const { trekkerListBatch } = await import("../../modules/registration/index.server");
const { trekkerListSource, trekkersList } = { ...(await import("../../modules/cards/index.server")), ...(await import("../../modules/cards/index")) } as any;
const { formatBatch } = await import("../../lib/csv.server");
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const N = 200000, size = Number(process.argv[2] ?? 10000);
async function stage(label: string, fn: (after: number | null) => Promise<any[]>, key: (r: any) => number) {
  let after: number | null = null, n = 0; const c0 = cpu(), t0 = performance.now();
  while (n < N) { const rows = await fn(after); n += rows.length; after = key(rows[rows.length - 1]); }
  console.log(`${label.padEnd(30)} cpu ${(cpu() - c0).toFixed(0).padStart(6)} ms wall ${(performance.now() - t0).toFixed(0).padStart(6)} ms  = ${(N / (cpu() - c0) * 1000 | 0)} rows/cpu-s`);
}
const C = "t.id, t.registrationId, t.fullName, t.nationality, t.trekkerType, t.passportNumber, t.createdAt, t.status, t.cardNumber, t.issuedAt, t.returnState, t.deletedAt, t.deleteRemarks, t.deletedBy, t.deletedIp, r.userId, r.userType, r.routeId, r.routeName, r.entryDate, r.exitDate";
await stage("selectArrays", (a) => selectArrays(`SELECT ${C} FROM (SELECT t.id AS id FROM trekkers t WHERE t.deletedAt IS NULL ${a ? `AND t.id < ${a}` : ""} ORDER BY t.id DESC LIMIT ${size}) k JOIN trekkers t ON t.id = k.id JOIN registrations r ON r.id = t.registrationId`), (r) => r[0]);
await stage("trekkerListBatch", (a) => trekkerListBatch({}, { desc: true }, a, size), (r) => r.trekkerId);
const src = trekkerListSource({ id: 1, userType: 4 });
const q = { filters: {}, sort: { key: "registered", desc: true } };
await stage("source.batch", (a) => src.batch(q, a === null ? null : { trekkerId: a }, size), (r) => r.trekkerId);
const cols = trekkersList.csv.columns;
const enc = new TextEncoder();
await stage("source.batch+format+encode", async (a) => { const rows = await src.batch(q, a === null ? null : { trekkerId: a }, size); enc.encode(formatBatch(rows, cols)); return rows; }, (r) => r.trekkerId);
await sequelize.close();
