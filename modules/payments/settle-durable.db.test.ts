import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { Jimp } from "jimp";
import { Op } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { person } from "../../tests/factories/registrations";
import { pendingPayment, settlePayment, type PendingPayment } from "../../tests/factories/payments";
import { makeRoute } from "../../tests/factories/registrations";
import { writeTransaction } from "../../db/sequelize.server";
import { listOutbox, readOutboxMessage } from "../../emails/outbox.server";
import { JobRow } from "../../jobs/job-store.server";
import { createInlineQueue } from "../../jobs/queue.server";
import { closePdfRenderer } from "../../jobs/pdf-renderer.server";
import { storeFile } from "@lib/files/storage.server";
import { issuePaidCards } from "@modules/cards/index.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { jobHandlers } from "~/composition.server";

// Issue 13, item 8: killing the server 0.13-0.7 s after a payment committed lost the card job
// (PDFs and e-mails never sent). The job is now a row written in the payment's transaction.

// A deployment (the MariaDB run sets DATABASE_URL) has no generated QR key; cards are signed.
process.env.QR_SIGNING_PRIVATE_KEY ||= crypto.generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();

let routeId = 0;
let photoKey = "";
let seq = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Durable Route")).id;
  photoKey = await storeFile("photos", await new Jimp({ width: 200, height: 200, color: 0x16a34aff }).getBuffer("image/jpeg"), "jpg");
});

afterAll(async () => {
  await closePdfRenderer();
});

/** A paid-for registration whose trekkers have their own e-mail addresses. */
async function payment(count = 2): Promise<PendingPayment & { emails: string[] }> {
  const n = ++seq;
  const emails = Array.from({ length: count }, (_, i) => `durable${n}-${i}-${process.pid}@t.test`);
  const p = await pendingPayment(routeId, { trekkers: emails.map((email, i) => person(`Durable ${n} ${i}`, { email })), photoKey });
  return { ...p, emails };
}

const mailsTo = async (emails: string[]) => (await listOutbox()).filter((m) => emails.some((e) => m.to.includes(e)));

describe("the card job of a payment", () => {
  it("is committed with the payment: no runner until after a 'crash', then a new runner sends every card", async () => {
    const p = await payment(2);
    // No job runner in this process: what the payment leaves is all a crash would leave.
    expect(await settlePayment(p)).toBe("issued");
    const [row] = (await JobRow.findAll({ where: { name: "cards.issued", status: "queued" } })).filter((j) => JSON.parse(j.data).registrationId === p.regId);
    expect(row).toBeDefined();
    expect(await mailsTo(p.emails)).toHaveLength(0);

    const runner = createInlineQueue(jobHandlers());
    await runner.drain();
    await runner.close();

    const cards = await cardNumbersOf(p.regId);
    const mails = await mailsTo(p.emails);
    expect(mails.map((m) => m.subject).sort()).toEqual(cards.map((c) => `Your TIMS card ${c.cardNumber}`).sort());
    for (const m of mails) {
      const message = (await readOutboxMessage(m.id))!;
      expect(message.attachments).toHaveLength(1);
      expect(message.attachments[0].content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
    expect((await JobRow.findByPk(row.id))!.status).toBe("done");
  }, 90_000);

  it("does not exist when the transaction that issued the cards rolls back", async () => {
    const p = await payment(1);
    const before = await JobRow.count({ where: { name: "cards.issued" } });
    await expect(
      writeTransaction(async (transaction) => {
        await issuePaidCards((await registrationForPayment(p.regId, transaction))!, transaction);
        throw new Error("the bill could not be written");
      }),
    ).rejects.toThrow("the bill could not be written");
    expect(await JobRow.count({ where: { name: "cards.issued" } })).toBe(before);
    expect((await cardNumbersOf(p.regId)).every((c) => c.cardNumber === null)).toBe(true);
    // Nor for a payment that issues nothing (wrong amount).
    const wrong = await payment(1);
    expect(await settlePayment({ ...wrong, amount: wrong.amount - 100 })).toBe("mismatch");
    expect(await JobRow.count({ where: { name: "cards.issued" } })).toBe(before);
  });

  it("survives the server being killed 150 ms after the commit, mid-job", async () => {
    const p = await payment(3);
    const before = ((await JobRow.max("id")) as number | null) ?? 0;
    // node itself with tsx's loader (the tsx command would run the server as its child, out of reach of the kill).
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("tests/crash/settle-then-hang.ts"), String(p.regId), String(p.attempt.id), String(p.amount), String(p.payer)],
      {
        env: { ...process.env, JOB_LEASE_SECONDS: "1" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const committed = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
        const line = /COMMITTED (\w+)/.exec(out);
        if (line) resolve(line[1]);
      });
      child.on("exit", (code) => reject(new Error(`server exited (${code}) before committing: ${out}`)));
    });
    expect(committed).toBe("issued");
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill("SIGKILL");
    await exited;
    // The job the payment committed (a done row drops its data, so it is found by its id).
    const [row] = await JobRow.findAll({ where: { name: "cards.issued", id: { [Op.gt]: before } } });
    expect(JSON.parse(row.data)).toEqual({ registrationId: p.regId });
    expect(row.status).not.toBe("done");

    // The next process that runs jobs takes the row over once the dead one's lease has run out.
    const runner = createInlineQueue(jobHandlers());
    await runner.drain();
    await runner.close();
    expect((await JobRow.findByPk(row.id))!.status).toBe("done");
    const cards = await cardNumbersOf(p.regId);
    const subjects = new Set((await mailsTo(p.emails)).map((m) => m.subject));
    expect([...subjects].sort()).toEqual(cards.map((c) => `Your TIMS card ${c.cardNumber}`).sort());
  }, 120_000);
});
