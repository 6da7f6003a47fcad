import fs from "node:fs";
import { startCluster } from "../../scripts/cluster.mjs";
import { Client } from "../drive/client";
import { payOverHttp } from "../drive/payment";
const cluster = await startCluster({ ports: [3650], quiet: true, workers: 0, env: { DB_LOG: "1" } });
for (const name of ["DATABASE_URL", "REDIS_URL", "QUEUE_PREFIX", "FILES_DIR", "OUTBOX_DIR", "DATA_DIR", "QR_SIGNING_PRIVATE_KEY", "SESSION_SECRET", "APP_URL"]) process.env[name] = cluster.env[name];
try {
  (await import("../../app/composition.server")).composeApp();
  const { makeUser } = await import("../../tests/factories/users");
  const { makeRoute, makeRegistration, trekkerNames } = await import("../../tests/factories/registrations");
  const route = await makeRoute("Sql Pay");
  for (const gw of ["esewa", "esewa"] as const) {
    const user = await makeUser({ userType: 1, fullName: `Sql Payer` });
    const { regId } = await makeRegistration(user, route.id, { trekkers: trekkerNames(3), priced: true });
    const client = new Client(cluster.urls[0]);
    await client.signIn(user.email, user.password);
    const mark = cluster.webs[0].output.length;
    await payOverHttp(client, regId, gw);
    fs.writeFileSync(`/tmp/sql-${gw}.log`, cluster.webs[0].output.slice(mark));
  }
  (await import("../../db/sequelize.server")).sequelize.close();
} finally { await cluster.stop(); }
