import { spawnSync } from "node:child_process";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { inDays } from "../../tests/factories/dates";
import { backdateCards } from "../../tests/factories/chalan";
import { makeTrail, trailCards } from "../../tests/factories/checkins";
import { pendingPayment, refundDue, settlePayment, type PendingPayment } from "../../tests/factories/payments";
import { makeRegistration, person, trek } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { applyCardAction } from "@modules/cards/index.server";
import { erpClient, erpConfig, handleErpSimulatorRequest, runPush, startPush } from "@modules/chalan/index.server";
import { scanCard, selfCheckin } from "@modules/checkins/index.server";
import { listNotifications } from "@modules/notifications/index.server";
import { PaymentAttempt, claimAttempt, decideVoucher, listRefunds, markRefunded, settle, uploadVoucher } from "@modules/payments/index.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { jobSchedules } from "~/composition.server";
import { LEDGER_CRON, LEDGER_INVARIANTS, LEDGER_JOB, checkLedgerAndNotify, runLedgerCheck, type LedgerResult } from "./index.server";

// The ledger check (issue 25, item 4): a data set made the way users make it holds every
// invariant; each kind of corruption is reported by its own invariant and by no other, by the
// function and by `npm run ledger:check`'s exit code.

process.env.ERP_URL ||= "http://erp.test/sim/erp";
process.env.ERP_API_KEY ||= "test-erp-key";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const pdf = () => new File([PDF], "deposit.pdf", { type: "application/pdf" });

const one = async <T extends object>(sql: string, replacements: unknown[] = []) =>
  (await sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT }))[0];
const exec = (sql: string, replacements: unknown[] = []) => sequelize.query(sql, { replacements });

// A DATEONLY read raw: a string on SQLite, a Date (UTC midnight) from MariaDB.
const isoDate = (v: string | Date) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

const failing = (results: readonly LedgerResult[]) => results.filter((r) => r.violations).map((r) => r.name);

let board: TestUser;
const data = {} as {
  paid: PendingPayment & { passports: string[] };
  paidTwice: PendingPayment;
  duplicateAttemptId: number;
  agencyPaid: PendingPayment;
  cancelled: { regId: number; trekkerId: number };
  generated: { trekkerId: number; regId: number };
  unpaidRegId: number;
  pushedLineId: number;
};

/**
 * The data set, made through the services as users make it. The registrations that end with a
 * bill come first: invoice numbers are still the registration's id (INV-<id>) until the invoice
 * counter lands, so an unpaid registration between two paid ones would be a gap.
 */
beforeAll(async () => {
  await prepareTestDatabase();
  board = await makeUser({ userType: 4, fullName: "Board" });
  const trail = await makeTrail(0);
  const today = trek(trail.route.id, inDays(0), inDays(6));
  const fit = () => makeUser({ userType: 1, fullName: "Walker" });

  // 1. Paid by a gateway (a German and an Indian), checked in at the checkpost by card and passport.
  const passports = ["LP1", "LP2"];
  const paid = await pendingPayment(trail.route.id, {
    trek: today,
    trekkers: [person("Lena", { passportNumber: passports[0] }), person("Ravi", { nationality: 356, passportNumber: passports[1] })],
  });
  expect(await settlePayment(paid)).toBe("issued");
  data.paid = { ...paid, passports };
  const paidCards = await cardNumbersOf(paid.regId);
  expect((await scanCard(trail.checkpost, { method: "typed", cardNumber: paidCards[0].cardNumber!, passport: passports[0] })).outcome).toBe("recorded");

  // 2. Paid, then paid again in another tab: the second payment is a refund due, then refunded.
  const twice = await pendingPayment(trail.route.id, { count: 1 });
  expect(await settlePayment(twice)).toBe("issued");
  const again = await PaymentAttempt.create({
    registrationId: twice.regId,
    userId: twice.payer,
    gateway: "khalti",
    methodId: 2,
    txnId: `L2-${Date.now()}`,
    amountPaisa: twice.amount,
  });
  expect(
    await settle({
      registrationId: twice.regId,
      amountPaisa: twice.amount,
      methodId: 2,
      payerUserId: twice.payer,
      attemptId: again.id,
      claim: claimAttempt(again.id),
    }),
  ).toBe("duplicate");
  const due = (await listRefunds({ status: "due", offset: 0, limit: 100 })).rows.find((r) => r.registrationId === twice.regId)!;
  await markRefunded({ id: due.id, reference: "REF-LEDGER-1", actorId: board.id });
  data.paidTwice = twice;
  data.duplicateAttemptId = again.id;

  // 3. Paid by a bank voucher the board approved.
  const voucherPayer = await fit();
  const { regId: voucherReg } = await makeRegistration(voucherPayer, trail.route.id, { trekkers: ["Vera"] });
  await uploadVoucher(voucherReg, voucherPayer, pdf());
  const voucher = await one<{ id: number }>("SELECT id FROM vouchers WHERE registrationId = ?", [voucherReg]);
  expect(await decideVoucher({ id: voucher.id, approve: true, refNo: "DEP-1", actorId: board.id, origin: "http://localhost" })).toBe("done");

  // 4. An agency without a PAN pays for an adult, a SAARC national and a child (free).
  const agency = await makeUser({ userType: 2, organizationName: "No PAN Treks", isDocumentUploaded: true, isVerified: true, isApproved: true });
  data.agencyPaid = await pendingPayment(trail.route.id, {
    payer: agency,
    trekkers: [person("Ada"), person("Anil", { nationality: 356 }), person("Kid", { trekkerType: 5, dob: "2020-01-01" })],
  });
  expect(data.agencyPaid.amount).toBe(3000_00);
  expect(await settlePayment(data.agencyPaid)).toBe("issued");

  // 5. Paid, cancelled by the board, then scanned: a refused scan.
  const cancelled = await pendingPayment(trail.route.id, { trek: today, trekkers: [person("Cora", { passportNumber: "LP5" })] });
  expect(await settlePayment(cancelled)).toBe("issued");
  const [cancelledCard] = await cardNumbersOf(cancelled.regId);
  await applyCardAction(board, "cancel", cancelledCard.trekkerId, "Cancelled at the trekker's request.");
  // Scanned two seconds after the cancel: MariaDB keeps whole seconds, and within one second the
  // check cannot tell which came first (it gives the check-in the benefit of the doubt).
  const later = { now: new Date(Date.now() + 2000) };
  expect((await scanCard(trail.checkpost, { method: "typed", cardNumber: cancelledCard.cardNumber!, passport: "LP5" }, later)).outcome).toBe("refused");
  data.cancelled = { regId: cancelled.regId, trekkerId: cancelledCard.trekkerId };

  // The paid cards are the sales of a past day, pushed to the ERP: the agency's line is refused (no PAN), the rest pushed.
  const salesDay = inDays(-3);
  const paidTrekkers = (await Promise.all([paid.regId, twice.regId, voucherReg, data.agencyPaid.regId, cancelled.regId].map(cardNumbersOf)))
    .flat()
    .map((c) => c.trekkerId);
  await backdateCards(paidTrekkers, salesDay);
  const pushId = await startPush({ startDate: salesDay, endDate: salesDay, userId: board.id });
  await runPush(pushId, {
    client: erpClient({
      url: "http://erp.test/sim/erp",
      apiKey: erpConfig().apiKey,
      fetch: (request) => handleErpSimulatorRequest(request),
      sleep: async () => {},
    }),
  });
  const lines = await sequelize.query<{ id: number; status: string }>("SELECT id, status FROM chalan_lines ORDER BY id", { type: QueryTypes.SELECT });
  expect(lines.map((l) => l.status).sort()).toEqual(expect.arrayContaining(["pushed", "refused"]));
  data.pushedLineId = lines.find((l) => l.status === "pushed")!.id;

  // No bill from here on. 6. Cards generated by a grant holder (no payment), one checked in by its trekker.
  const [generated] = await trailCards(trail.route.id, { entry: inDays(0), exit: inDays(6) });
  expect((await selfCheckin({ cardNumber: generated.cardNumber, passport: generated.passport, isCheckOut: false, place: trail.points[1].name })).outcome).toBe(
    "recorded",
  );
  data.generated = { trekkerId: generated.trekkerId, regId: generated.regId };

  // 7. A payment that bought nothing (a trekker added while it was at the gateway): refund due.
  await refundDue(trail.route.id);

  // 8. A voucher the board rejected; 9. a registration not paid yet.
  const rejectedPayer = await fit();
  const { regId: rejectedReg } = await makeRegistration(rejectedPayer, trail.route.id);
  await uploadVoucher(rejectedReg, rejectedPayer, pdf());
  const rejected = await one<{ id: number }>("SELECT id FROM vouchers WHERE registrationId = ?", [rejectedReg]);
  expect(
    await decideVoucher({ id: rejected.id, approve: false, remarks: "The deposit slip is unreadable.", actorId: board.id, origin: "http://localhost" }),
  ).toBe("done");
  data.unpaidRegId = (await makeRegistration(await fit(), trail.route.id, { priced: true })).regId;
}, 120_000);

/** Corrupts the data one way, checks, and puts it back whatever the check found. */
async function whileCorrupted(corrupt: () => Promise<unknown>, restore: () => Promise<unknown>): Promise<LedgerResult[]> {
  await corrupt();
  try {
    return await runLedgerCheck();
  } finally {
    await restore();
  }
}

const reportOf = (results: LedgerResult[], name: string) => results.find((r) => r.name === name)!;

describe("the ledger check", () => {
  it("finds nothing wrong in data made as users make it, and names every invariant once", async () => {
    const results = await runLedgerCheck();
    expect(results.map((r) => r.name)).toEqual([...LEDGER_INVARIANTS]);
    expect(results).toEqual(LEDGER_INVARIANTS.map((name) => ({ name, violations: 0, examples: [] })));
  });

  it("card-paid-or-generated: a card recorded as issued on payment whose registration has no bill", async () => {
    const { trekkerId } = data.generated;
    const results = await whileCorrupted(
      () => exec("UPDATE card_events SET action = 'issue' WHERE trekkerId = ? AND action = 'generate'", [trekkerId]),
      () => exec("UPDATE card_events SET action = 'generate' WHERE trekkerId = ? AND action = 'issue'", [trekkerId]),
    );
    expect(failing(results)).toEqual(["card-paid-or-generated"]);
    expect(reportOf(results, "card-paid-or-generated")).toEqual({ name: "card-paid-or-generated", violations: 1, examples: [`trekker ${trekkerId}`] });
  });

  it("card-paid-or-generated: a numbered card with no issuing record at all", async () => {
    const { trekkerId } = data.generated;
    const results = await whileCorrupted(
      () => exec("UPDATE card_events SET action = 'mislaid' WHERE trekkerId = ? AND action = 'generate'", [trekkerId]),
      () => exec("UPDATE card_events SET action = 'generate' WHERE trekkerId = ? AND action = 'mislaid'", [trekkerId]),
    );
    // The stats count issues by the same record, so the dashboard's figure drifts too.
    expect(failing(results)).toEqual(["card-paid-or-generated", "daily-stats-equal-rebuild"]);
    expect(reportOf(results, "card-paid-or-generated").examples).toEqual([`trekker ${trekkerId}`]);
  });

  it("extra-payment-refunded: a second payment of a paid registration with no refund recorded", async () => {
    const attemptId = data.duplicateAttemptId;
    const results = await whileCorrupted(
      () => exec("UPDATE payment_refunds SET attemptId = NULL WHERE attemptId = ?", [attemptId]),
      () =>
        exec("UPDATE payment_refunds SET attemptId = ? WHERE attemptId IS NULL AND voucherId IS NULL AND registrationId = ?", [
          attemptId,
          data.paidTwice.regId,
        ]),
    );
    expect(failing(results)).toEqual(["extra-payment-refunded"]);
    expect(reportOf(results, "extra-payment-refunded")).toMatchObject({ violations: 1, examples: [`registration ${data.paidTwice.regId} (2 payments kept)`] });
  });

  it("bill-equals-fees: a card of the bill priced otherwise by the fee table (an adult recorded as a child)", async () => {
    const [adult] = await cardNumbersOf(data.paid.regId);
    const bill = await one<{ id: number }>("SELECT id FROM bills WHERE registrationId = ?", [data.paid.regId]);
    const results = await whileCorrupted(
      () => exec("UPDATE trekkers SET trekkerType = 5 WHERE id = ?", [adult.trekkerId]),
      () => exec("UPDATE trekkers SET trekkerType = 3 WHERE id = ?", [adult.trekkerId]),
    );
    expect(failing(results)).toEqual(["bill-equals-fees"]);
    expect(reportOf(results, "bill-equals-fees")).toMatchObject({ violations: 1, examples: [`bill ${bill.id}`] });
  });

  it("payment-has-bill-and-cards: a gateway payment settled without its bill and cards", async () => {
    let id = 0;
    const results = await whileCorrupted(
      async () => {
        const attempt = await PaymentAttempt.create({
          registrationId: data.unpaidRegId,
          userId: board.id,
          gateway: "fonepay",
          methodId: 4,
          txnId: `L4-${Date.now()}`,
          amountPaisa: 2000_00,
          status: "success",
        });
        id = attempt.id;
      },
      () => exec("DELETE FROM payment_attempts WHERE id = ?", [id]),
    );
    expect(failing(results)).toEqual(["payment-has-bill-and-cards"]);
    expect(reportOf(results, "payment-has-bill-and-cards")).toMatchObject({ violations: 1, examples: [`registration ${data.unpaidRegId}`] });
  });

  it("card-numbers-unique-gap-free: a card number skipped", async () => {
    const { next } = await one<{ next: number }>("SELECT next FROM card_counter WHERE id = 1");
    const results = await whileCorrupted(
      () => exec("UPDATE card_counter SET next = next + 2 WHERE id = 1"),
      () => exec("UPDATE card_counter SET next = next - 2 WHERE id = 1"),
    );
    expect(failing(results)).toEqual(["card-numbers-unique-gap-free"]);
    expect(reportOf(results, "card-numbers-unique-gap-free")).toMatchObject({ violations: 2, examples: [`card number ${next} missing`] });
  });

  it("card-numbers-unique-gap-free: a card given a number the counter never gave", async () => {
    const { trekkerId } = data.generated;
    const { cardNumber } = await one<{ cardNumber: number }>("SELECT cardNumber FROM trekkers WHERE id = ?", [trekkerId]);
    const results = await whileCorrupted(
      () => exec("UPDATE trekkers SET cardNumber = 999999 WHERE id = ?", [trekkerId]),
      () => exec("UPDATE trekkers SET cardNumber = ? WHERE id = ?", [cardNumber, trekkerId]),
    );
    expect(failing(results)).toEqual(["card-numbers-unique-gap-free"]);
    expect(reportOf(results, "card-numbers-unique-gap-free")).toMatchObject({
      violations: 2,
      examples: [
        `card number ${cardNumber} missing`,
        "card number 999999 outside 100001.." + String((await one<{ next: number }>("SELECT next FROM card_counter")).next - 1),
      ],
    });
  });

  it("invoice-numbers-unique-gap-free: an invoice number with nothing before it explaining the gap", async () => {
    const last = await one<{ id: number; invoiceNumber: string }>("SELECT id, invoiceNumber FROM bills ORDER BY id DESC LIMIT 1");
    const top = Number(last.invoiceNumber.slice(4));
    const results = await whileCorrupted(
      () => exec("UPDATE bills SET invoiceNumber = 'INV-0000099' WHERE id = ?", [last.id]),
      () => exec("UPDATE bills SET invoiceNumber = ? WHERE id = ?", [last.invoiceNumber, last.id]),
    );
    expect(failing(results)).toEqual(["invoice-numbers-unique-gap-free"]);
    expect(reportOf(results, "invoice-numbers-unique-gap-free")).toMatchObject({
      violations: 98 - (top - 1),
      examples: [`INV-${String(top).padStart(7, "0")} missing`],
    });
  });

  it("invoice-numbers-unique-gap-free: an invoice number not of the INV-nnnnnnn form", async () => {
    const last = await one<{ id: number; invoiceNumber: string }>("SELECT id, invoiceNumber FROM bills ORDER BY id DESC LIMIT 1");
    const results = await whileCorrupted(
      () => exec("UPDATE bills SET invoiceNumber = 'BILL-7' WHERE id = ?", [last.id]),
      () => exec("UPDATE bills SET invoiceNumber = ? WHERE id = ?", [last.invoiceNumber, last.id]),
    );
    expect(failing(results)).toEqual(["invoice-numbers-unique-gap-free"]);
    expect(reportOf(results, "invoice-numbers-unique-gap-free")).toMatchObject({ violations: 1, examples: [`bill ${last.id} malformed invoice number`] });
  });

  it("chalan-line-equals-cards: a pushed line whose quantity is not the cards in its range", async () => {
    const id = data.pushedLineId;
    const results = await whileCorrupted(
      () => exec("UPDATE chalan_lines SET qty = qty + 1 WHERE id = ?", [id]),
      () => exec("UPDATE chalan_lines SET qty = qty - 1 WHERE id = ?", [id]),
    );
    expect(failing(results)).toEqual(["chalan-line-equals-cards"]);
    expect(reportOf(results, "chalan-line-equals-cards")).toMatchObject({ violations: 1, examples: [`line ${id}`] });
  });

  it("chalan-line-equals-cards: a card pushed in two lines, or a generated card pushed as a sale", async () => {
    const line = await one<{ id: number; pushId: number; salesDate: string; cardFrom: number; cardTo: number }>(
      "SELECT id, pushId, salesDate, cardFrom, cardTo FROM chalan_lines WHERE id = ?",
      [data.pushedLineId],
    );
    const generated = await one<{ cardNumber: number }>("SELECT cardNumber FROM trekkers WHERE id = ?", [data.generated.trekkerId]);
    const now = new Date();
    const insertLine = (from: number, to: number) =>
      exec(
        "INSERT INTO chalan_lines (pushId, salesDate, customerCode, itemCode, cardFrom, cardTo, qty, status, createdAt, updatedAt) VALUES (?, ?, 'FIT', 'TIMS-FOREIGN', ?, ?, ?, 'pushed', ?, ?)",
        [line.pushId, line.salesDate, from, to, to - from + 1, now, now],
      );
    const results = await whileCorrupted(
      async () => {
        await insertLine(line.cardFrom, line.cardFrom);
        await insertLine(generated.cardNumber, generated.cardNumber);
        const { id } = await one<{ id: number }>("SELECT MAX(id) AS id FROM chalan_lines");
        await exec("INSERT INTO chalan_cards (cardNumber, lineId) VALUES (?, ?)", [generated.cardNumber, id]);
      },
      async () => {
        await exec("DELETE FROM chalan_cards WHERE cardNumber = ?", [generated.cardNumber]);
        await exec("DELETE FROM chalan_lines WHERE id > ?", [data.pushedLineId]);
      },
    );
    expect(failing(results)).toEqual(["chalan-line-equals-cards"]);
    // The first: its card is held by the original line. The second, a generated card pushed as a
    // sale (as before issue 25), is owed a credit by the next push (modules/chalan/README.md): a
    // state the chalan itself mends, so not a violation here.
    expect(reportOf(results, "chalan-line-equals-cards").violations).toBe(1);
  });

  it("checkin-on-valid-card: a check-in on a card not valid at that moment", async () => {
    const { entryDate } = await one<{ entryDate: string | Date }>("SELECT entryDate FROM registrations WHERE id = ?", [data.paid.regId]);
    const { id } = await one<{ id: number }>("SELECT c.id FROM checkins c JOIN trekkers t ON t.id = c.trekkerId WHERE t.registrationId = ?", [data.paid.regId]);
    const results = await whileCorrupted(
      () => exec("UPDATE registrations SET entryDate = ? WHERE id = ?", [inDays(1), data.paid.regId]),
      () => exec("UPDATE registrations SET entryDate = ? WHERE id = ?", [isoDate(entryDate), data.paid.regId]),
    );
    expect(failing(results)).toEqual(["checkin-on-valid-card"]);
    expect(reportOf(results, "checkin-on-valid-card")).toMatchObject({ violations: 1, examples: [`check-in ${id}`] });
  });

  it("checkin-on-valid-card: a refused scan counted as a check-in", async () => {
    const { id, refusedReason } = await one<{ id: number; refusedReason: string }>("SELECT id, refusedReason FROM checkins WHERE refusedReason IS NOT NULL");
    const results = await whileCorrupted(
      () => exec("UPDATE checkins SET refusedReason = NULL WHERE id = ?", [id]),
      () => exec("UPDATE checkins SET refusedReason = ? WHERE id = ?", [refusedReason, id]),
    );
    // A check-in the dashboard never counted: the stats drift as well.
    expect(failing(results)).toEqual(["checkin-on-valid-card", "daily-stats-equal-rebuild"]);
    expect(reportOf(results, "checkin-on-valid-card").examples).toEqual([`check-in ${id}`]);
  });

  it("daily-stats-equal-rebuild: a day's count that its events do not give", async () => {
    const row = await one<{ id: number; metric: string; day: string }>("SELECT id, metric, day FROM daily_stats WHERE metric = 'moved' ORDER BY id LIMIT 1");
    const results = await whileCorrupted(
      () => exec("UPDATE daily_stats SET count = count + 1 WHERE id = ?", [row.id]),
      () => exec("UPDATE daily_stats SET count = count - 1 WHERE id = ?", [row.id]),
    );
    expect(failing(results)).toEqual(["daily-stats-equal-rebuild"]);
    const report = reportOf(results, "daily-stats-equal-rebuild");
    expect(report.violations).toBe(1);
    expect(report.examples[0]).toMatch(new RegExp(`^moved ${row.day} .*count \\+1, amount 0 against the rebuild$`));
  });

  it("runs only the invariants asked for, and refuses a name it does not know", async () => {
    expect((await runLedgerCheck({ only: ["bill-equals-fees"] })).map((r) => r.name)).toEqual(["bill-equals-fees"]);
    await expect(runLedgerCheck({ only: ["no-such-rule"] })).rejects.toThrow("Unknown ledger invariant: no-such-rule");
  });

  it("runs daily after the sweeps, and tells the board of violations (and nobody of a clean run)", async () => {
    expect(jobSchedules().find((s) => s.job === LEDGER_JOB)?.cron).toBe(LEDGER_CRON);
    const unread = async () => (await listNotifications(board.id, { read: false, offset: 0, limit: 50 })).rows.filter((n) => n.kind === "ledger-violations");
    await checkLedgerAndNotify();
    expect(await unread()).toEqual([]);
    const id = data.pushedLineId;
    await exec("UPDATE chalan_lines SET qty = qty + 1 WHERE id = ?", [id]);
    try {
      await checkLedgerAndNotify();
    } finally {
      await exec("UPDATE chalan_lines SET qty = qty - 1 WHERE id = ?", [id]);
    }
    const [note] = await unread();
    expect(note).toMatchObject({
      title: "Ledger check: 1 violation in 1 of 9 invariants",
      body: `chalan-line-equals-cards: 1 (e.g. line ${id})`,
      link: "/billing",
      category: "TIMS Cards",
    });
  });

  it("npm run ledger:check exits 0 on clean data and 1 naming the invariant on a violation", async () => {
    const root = path.resolve(__dirname, "../..");
    const run = () =>
      spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/ledger-check.ts"], { cwd: root, env: process.env, encoding: "utf8", timeout: 90_000 });
    const clean = run();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain("All 9 invariants hold.");
    const line = data.pushedLineId;
    await exec("UPDATE chalan_lines SET qty = qty + 1 WHERE id = ?", [line]);
    let broken: ReturnType<typeof run>;
    try {
      broken = run();
    } finally {
      await exec("UPDATE chalan_lines SET qty = qty - 1 WHERE id = ?", [line]);
    }
    expect(broken.status, broken.stderr).toBe(1);
    expect(broken.stdout).toMatch(new RegExp(`^FAIL  chalan-line-equals-cards +1  e\\.g\\. line ${line}$`, "m"));
    expect(broken.stdout).toMatch(/^ok {4}bill-equals-fees +0$/m);
    expect(broken.stdout).toContain("1 of 9 invariants violated: chalan-line-equals-cards");
  }, 120_000);

  it("leaves the data as it found it (every corruption above was undone)", async () => {
    expect(failing(await runLedgerCheck())).toEqual([]);
  });
});
