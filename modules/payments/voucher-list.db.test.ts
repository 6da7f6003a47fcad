import { beforeAll, describe, expect, it } from "vitest";
import { exportList, loadList } from "@lib/list/list.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { updateTrek } from "@modules/registration/index.server";
import { makeRegistration, makeRoute, trek } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { Voucher } from "./models/payment-records.server";
import { decideVoucher, uploadVoucher, voucherInvoiceId, voucherListSource } from "./vouchers.server";
import { vouchersList } from "./vouchers-list";

// Requests > Voucher on the list kit: status, route and search filtered in SQL (not in memory),
// names read a page at a time, the Invoice export equal to the list.

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const get = (query: string) => new Request(`http://tims.test/requests/vouchers${query}`);
let board: TestUser;
const routes = { a: { id: 0, name: "" }, b: { id: 0, name: "" } };
const made: { id: number; payer: string; route: "a" | "b" }[] = [];

async function voucher(payerName: string, route: "a" | "b") {
  const payer = await makeUser({ userType: 2, fullName: "Owner", organizationName: payerName });
  const { regId } = await makeRegistration(payer, routes[route].id, { trekkers: ["One"] });
  await uploadVoucher(regId, payer, new File([PDF], "deposit.pdf", { type: "application/pdf" }));
  const v = (await Voucher.findOne({ where: { registrationId: regId } }))!;
  made.push({ id: v.id, payer: payerName, route });
  return v.id;
}

beforeAll(async () => {
  await prepareTestDatabase();
  board = await makeUser({ userType: 4 });
  routes.a = await makeRoute("Voucher List A");
  routes.b = await makeRoute("Voucher List B");
  await voucher("Kailash Treks", "a");
  const rejected = await voucher("Lumbini Tours", "b");
  await voucher("Kailash Adventures", "b");
  await decideVoucher({ id: rejected, approve: false, remarks: "The deposit slip is unreadable.", actorId: board.id, origin: "http://localhost" });
}, 60_000);

const listed = async (query: string) => (await loadList(vouchersList, get(query), voucherListSource())).rows.map((r) => r.id);
const idsWhere = (f: (v: (typeof made)[number]) => boolean) =>
  made
    .filter(f)
    .map((v) => v.id)
    .sort((x, y) => y - x);

describe("the voucher list", () => {
  it("newest first, with the route and payer names of each row", async () => {
    const page = await loadList(vouchersList, get(""), voucherListSource());
    expect(page.rows.map((r) => r.id)).toEqual(idsWhere(() => true));
    expect(page.rows[0]).toMatchObject({ payer: "Kailash Adventures", routeName: routes.b.name, status: "Pending", invoiceId: voucherInvoiceId(made[2].id) });
    expect(page.options.routes.map((o) => o.label)).toEqual(expect.arrayContaining([routes.a.name, routes.b.name]));
  });

  it("filters by status, route, invoice id and payer", async () => {
    expect(await listed("?status=Rejected")).toEqual([made[1].id]);
    expect(await listed("?status=Pending")).toEqual(idsWhere((v) => v.payer !== "Lumbini Tours"));
    expect(await listed(`?route=${routes.b.id}`)).toEqual(idsWhere((v) => v.route === "b"));
    expect(await listed(`?route=${routes.a.id}&status=Rejected`)).toEqual([]);
    expect(await listed(`?name=${voucherInvoiceId(made[0].id)}`)).toEqual([made[0].id]);
    expect(await listed(`?name=${made[0].id}`)).toEqual([made[0].id]);
    expect(await listed("?name=kailash")).toEqual(idsWhere((v) => v.payer.startsWith("Kailash")));
    expect(await listed("?name=Nobody%20Such")).toEqual([]);
  });

  it("keeps each voucher's route with its registration: set on upload, moved when the board moves the trek", async () => {
    const payer = await makeUser({ userType: 2, fullName: "Owner", organizationName: "Mover Treks" });
    const from = await makeRoute("Voucher Move From");
    const to = await makeRoute("Voucher Move To");
    const { regId } = await makeRegistration(payer, from.id, { trekkers: ["One"] });
    await uploadVoucher(regId, payer, new File([PDF], "deposit.pdf", { type: "application/pdf" }));
    const v = (await Voucher.findOne({ where: { registrationId: regId } }))!;
    expect(v.routeId).toBe(from.id);
    expect(await listed(`?route=${from.id}&status=Pending`)).toEqual([v.id]);
    await updateTrek(regId, board, trek(to.id));
    expect(await listed(`?route=${from.id}&status=Pending`)).toEqual([]);
    expect(await listed(`?route=${to.id}&status=Pending`)).toEqual([v.id]);
    const page = await loadList(vouchersList, get(`?route=${to.id}`), voucherListSource());
    expect(page.rows.map((r) => r.routeName)).toEqual([to.name]);
    await Voucher.destroy({ where: { id: v.id } });
  });

  it("exports Invoice with the filters, in keyset batches", async () => {
    const bytes = await exportList(vouchersList, get("?name=kailash"), voucherListSource(), { batchSize: 1 }).arrayBuffer();
    const lines = new TextDecoder().decode(bytes).trim().split("\n");
    expect(lines[0]).toBe("Invoice ID,Status,Agency,Trekking Route,Amount,Payment Date");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(idsWhere((v) => v.payer.startsWith("Kailash")).map(voucherInvoiceId));
  });
});
