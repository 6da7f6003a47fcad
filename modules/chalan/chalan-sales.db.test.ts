import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Op, QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, person, trek } from "../../tests/factories/registrations";
import { issuedCards, makeCardGenerator } from "../../tests/factories/cards";
import { pendingPayment, refundSale, settlePayment } from "../../tests/factories/payments";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { cardNumbersOf } from "@modules/registration/index.server";
import { PaymentAttempt, claimAttempt, decideVoucher, settle, uploadVoucher } from "@modules/payments/index.server";
import { addDays, kathmanduDate } from "@lib/dates";
import { chalanRows } from "./rows.server";
import { getPush, lineKey, runPush, startPush } from "./push.server";
import { chalanDownload } from "./downloads.server";
import { chalanErrorSource, pushedChalanSource } from "./list-sources.server";
import { ChalanCardRow, ChalanCreditCardRow, ChalanLine, ChalanPush } from "./models.server";
import { CHALAN_MESSAGES } from "./rules";
import { erpClient } from "./erp/client.server";
import { erpConfig } from "./erp/config.server";
import { handleErpSimulatorRequest, resetErpSimulator } from "./simulator/erp-simulator.server";
import { ErpSimRow } from "./simulator/store.server";

// Issue 25 item 2: the chalan carries sales only. The ERP gets a sale for every card a payment
// bought and for nothing else; a sale whose payment is refunded after it was pushed is reversed.

process.env.ERP_URL ||= "http://erp.test/sim/erp";
process.env.ERP_API_KEY ||= "test-erp-key";

let routeId = 0;
let generator: TestUser;
let board: TestUser;
let agency: TestUser;
let fit: TestUser;

const simClient = () =>
  erpClient({ url: "http://erp.test/sim/erp", apiKey: erpConfig().apiKey, fetch: (request) => handleErpSimulatorRequest(request), sleep: async () => {} });

const D = (n: number) => addDays(kathmanduDate(), -60 + n);

async function at<T>(day: string, hhmm: string, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${day}T${hhmm}:00+05:45`));
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

type Trekker = string | ReturnType<typeof person>;
const german = (name: string) => person(name);
const child = (name: string) => person(name, { trekkerType: 5, dob: "2022-01-01" });
const numbersOf = async (regId: number) => (await cardNumbersOf(regId)).map((c) => c.cardNumber!);

/**
 * The test's own record of what was bought, kept apart from the code under test: per
 * registration its customer code, Nepal issue day, card numbers and whether they are sold now.
 */
interface Bought {
  regId: number;
  customer: string;
  day: string;
  cards: number[];
  sold: boolean;
}
const book: Bought[] = [];
const customerOf = (owner: TestUser) => (owner === agency ? "605555555" : owner === fit ? "FIT" : `?${owner.id}`);
function record(owner: TestUser, day: string, regId: number, cards: number[], sold: boolean): Bought {
  const b = { regId, customer: customerOf(owner), day, cards, sold };
  book.push(b);
  return b;
}

/** Cards a gateway payment bought, issued at `hhmm` on `day`. */
async function paid(owner: TestUser, day: string, hhmm: string, trekkers: Trekker[]) {
  return at(day, hhmm, async () => {
    const p = await pendingPayment(routeId, { payer: owner, trekkers, trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
    expect(await settlePayment(p)).toBe("issued");
    return record(owner, day, p.regId, await numbersOf(p.regId), true);
  });
}

/** The payment that bought `b`'s cards is refunded (due or paid back): they are no sale any more. */
async function refund(b: Bought, status: "due" | "refunded" = "refunded") {
  await refundSale(b.regId, status);
  b.sold = false;
}

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Cards a bank deposit voucher bought, approved by the board at `hhmm` on `day`. */
async function voucherPaid(owner: TestUser, day: string, hhmm: string, trekkers: Trekker[]) {
  return at(day, hhmm, async () => {
    const { regId } = await makeRegistration(owner, routeId, { trekkers, trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
    await uploadVoucher(regId, owner, new File([PDF], "deposit.pdf", { type: "application/pdf" }));
    const [v] = await sequelize.query<{ id: number }>("SELECT id FROM vouchers WHERE registrationId = :regId", {
      replacements: { regId },
      type: QueryTypes.SELECT,
    });
    expect(await decideVoucher({ id: v.id, approve: true, refNo: "DEP-1", actorId: board.id, origin: "http://localhost" })).toBe("done");
    return record(owner, day, regId, await numbersOf(regId), true);
  });
}

/** Cards a board user made with Generate Card: no payment. */
async function generated(owner: TestUser, day: string, hhmm: string, trekkers: Trekker[]) {
  return at(day, hhmm, async () => {
    const { regId } = await issuedCards(owner, generator, routeId, { trekkers, trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
    return record(owner, day, regId, await numbersOf(regId), false);
  });
}

/** What the ERP (the simulator) holds for a customer: net cards, and the card numbers sold. */
async function erpHolds(customerCode: string) {
  const rows = await ErpSimRow.findAll({ where: { customerCode } });
  const sold = new Set<number>();
  for (const r of rows) for (let n = r.cardFrom; n <= r.cardTo; n++) if (r.qty > 0) sold.add(n);
  return { net: rows.reduce((s, r) => s + r.qty, 0), sold };
}

async function push(start: string, end = start) {
  const id = await startPush({ startDate: start, endDate: end, userId: board.id });
  await runPush(id, { client: simClient() });
  return (await getPush(id))!;
}

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Sales Route")).id;
  generator = await makeCardGenerator();
  board = await makeUser({ userType: 4, fullName: "Board" });
  agency = await makeUser({ userType: 2, fullName: "Agency", organizationName: "Sales Treks", panNumber: "605555555" });
  fit = await makeUser({ userType: 1, fullName: "Free Trekker" });
});

afterEach(() => resetErpSimulator());

describe("the reported defect", () => {
  it("a Generate Card card is not pushed to the ERP as a sale to the agency", async () => {
    const day = D(1);
    const bought = await paid(agency, day, "09:00", [german("A"), german("B")]);
    const byVoucher = await voucherPaid(agency, day, "10:00", [german("C")]);
    const free = await generated(agency, day, "11:00", [german("G")]);
    expect(free.cards).toHaveLength(1);

    const rows = (await chalanRows(day, day)).filter((r) => r.customerCode === "605555555");
    expect(rows.reduce((s, r) => s + r.qty, 0)).toBe(3);

    await push(day);
    const erp = await erpHolds("605555555");
    // Billing holds three paid cards for the agency that day; the ERP must hold the same three.
    expect(erp.net).toBe(3);
    expect([...erp.sold].sort()).toEqual([...bought.cards, ...byVoucher.cards].sort());
  });
});

/** The sales of `b`'s cards, as "day customer item from-to qty" keys. */
const rowKey = (r: { salesDate: string; customerCode: string; itemCode: string; cardFrom: number; cardTo: number; qty: number; kind?: string }) =>
  `${r.kind ?? "sale"} ${r.salesDate} ${r.customerCode} ${r.itemCode} ${r.cardFrom}-${r.cardTo} ${r.qty}`;

/** Card numbers a list of rows covers, each once (a card in two rows would be counted twice). */
function cardsIn(rows: readonly { cardFrom: number; cardTo: number }[]): number[] {
  const out: number[] = [];
  for (const r of rows) for (let n = r.cardFrom; n <= r.cardTo; n++) out.push(n);
  return out.sort((a, b) => a - b);
}

/** From the test's own record: the cards sold now, per "day customer". */
function soldPerCustomerDay(days: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const b of book) if (b.sold && days.includes(b.day)) out.set(`${b.day} ${b.customer}`, (out.get(`${b.day} ${b.customer}`) ?? 0) + b.cards.length);
  return out;
}

async function csvText(res: Response | null): Promise<string[]> {
  expect(res).not.toBeNull();
  return (await res!.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
}

describe("which cards are sales", () => {
  it("paid by a gateway or a voucher: yes; generated, free children, refunded (due or paid back): no", async () => {
    const day = D(5);
    const fitPaid = await paid(fit, day, "08:00", [german("Adult"), child("Kid")]);
    const kidsOnly = await generated(agency, day, "09:00", [child("K1"), child("K2")]);
    const refunded = await paid(agency, day, "10:00", [german("R1"), german("R2")]);
    const refundDue = await paid(agency, day, "11:00", [german("R3")]);
    const byVoucher = await voucherPaid(agency, day, "12:00", [german("V1")]);
    const gen = await generated(agency, day, "13:00", [german("G1")]);
    const kept = await paid(agency, day, "14:00", [german("P1"), german("P2")]);
    await refund(refunded);
    await refund(refundDue, "due");
    // A second payment of a paid registration is refunded; the first still bought the cards.
    const second = await PaymentAttempt.create({
      registrationId: kept.regId,
      userId: agency.id,
      gateway: "khalti",
      methodId: 2,
      txnId: `DUP${kept.regId}-${Date.now()}`.slice(0, 20),
      amountPaisa: 4000_00,
    });
    expect(
      await settle({
        registrationId: kept.regId,
        amountPaisa: 4000_00,
        methodId: 2,
        payerUserId: agency.id,
        attemptId: second.id,
        claim: claimAttempt(second.id),
      }),
    ).toBe("duplicate");

    const rows = await chalanRows(day, day);
    // Exactly the sold cards, each once: the adult and the child the FIT paid for, the voucher's, the kept payment's.
    expect(cardsIn(rows)).toEqual([...fitPaid.cards, ...byVoucher.cards, ...kept.cards].sort((a, b) => a - b));
    for (const n of [...kidsOnly.cards, ...refunded.cards, ...refundDue.cards, ...gen.cards]) expect(cardsIn(rows)).not.toContain(n);
    expect(rows.map(rowKey)).toEqual(
      expect.arrayContaining([
        `sale ${day} FIT TIMS-FOREIGN ${fitPaid.cards[0]}-${fitPaid.cards[0]} 1`,
        `sale ${day} FIT TIMS-CHILD ${fitPaid.cards[1]}-${fitPaid.cards[1]} 1`,
      ]),
    );
    // The chalan's quantities per customer and day are the cards sold that day.
    const perCustomer = new Map<string, number>();
    for (const r of rows) perCustomer.set(`${r.salesDate} ${r.customerCode}`, (perCustomer.get(`${r.salesDate} ${r.customerCode}`) ?? 0) + r.qty);
    expect(perCustomer).toEqual(soldPerCustomerDay([day]));
    expect(rows.every((r) => r.kind === "sale" && r.qty > 0)).toBe(true);

    // The verify file and the tims-chalan say the same, nothing pushed yet.
    const verify = await csvText(await chalanDownload("chalan", { start: day, end: day }));
    expect(verify[0]).toBe("sales_chalan_date,customer_code,item_code,card_nofrom,card_noto,qty,line_type");
    expect(cardsIn(verify.slice(1).map((l) => ({ cardFrom: Number(l.split(",")[3]), cardTo: Number(l.split(",")[4]) })))).toEqual(cardsIn(rows));
    const tims = await chalanRows(day, day, { withStatus: true });
    expect(cardsIn(tims)).toEqual(cardsIn(rows));
    expect(new Set(tims.map((r) => r.status))).toEqual(new Set(["Not pushed"]));
  });
});

describe("which cards are sales: the move that issued them decides", () => {
  it("cards generated while a payment was at the gateway are no sale, even when that payment settles afterwards", async () => {
    const day = D(7);
    const late = await at(day, "09:00", async () => {
      const p = await pendingPayment(routeId, { payer: agency, trekkers: [german("Late")], trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
      const { generateCards } = await import("@modules/cards/index.server");
      await generateCards(generator, p.regId, { announce: false });
      // Whatever settle makes of it (a bill, or a refund due), the cards were generated.
      await settlePayment(p);
      return record(agency, day, p.regId, await numbersOf(p.regId), false);
    });
    expect(late.cards).toHaveLength(1);
    expect(cardsIn(await chalanRows(day, day))).not.toContain(late.cards[0]);
  });
});

describe("a refund after the push", () => {
  it("is reversed by a credit line in the next push, once, shown as a credit", async () => {
    const day = D(10);
    const sold = await paid(agency, day, "09:00", [german("A"), german("B"), german("C")]);
    await paid(fit, day, "10:00", [german("F")]);
    const first = await push(day);
    expect(first).toMatchObject({ status: "done", totalLines: 2, pushedLines: 2, creditLines: 0 });
    const saleLine = (await ChalanLine.findOne({ where: { pushId: first.id, customerCode: "605555555" } }))!;
    expect((await erpHolds("605555555")).net).toBe(3 + 3); // D(1)'s three, and these

    await refund(sold);
    const owed = await chalanRows(day, day, { onlyNew: true });
    expect(owed.map(rowKey)).toEqual([`credit ${day} 605555555 TIMS-FOREIGN ${sold.cards[0]}-${sold.cards[2]} -3`]);
    expect(owed[0].reversesLineId).toBe(saleLine.id);
    // The verify file shows it as a credit, negative.
    const verify = await csvText(await chalanDownload("chalan", { start: day, end: day }));
    expect(verify.slice(1)).toEqual([`${day},605555555,TIMS-FOREIGN,${sold.cards[0]},${sold.cards[2]},-3,credit`]);
    // The tims-chalan: the sale as pushed, and its credit not pushed yet.
    const tims = (await chalanRows(day, day, { withStatus: true })).filter((r) => r.customerCode === "605555555");
    expect(tims.map((r) => `${rowKey(r)} ${r.status}`)).toEqual([
      `sale ${day} 605555555 TIMS-FOREIGN ${sold.cards[0]}-${sold.cards[2]} 3 Pushed`,
      `credit ${day} 605555555 TIMS-FOREIGN ${sold.cards[0]}-${sold.cards[2]} -3 Not pushed`,
    ]);

    const second = await push(day);
    expect(second).toMatchObject({ status: "done", totalLines: 1, pushedLines: 1, refusedLines: 0, creditLines: 1, firstSalesDate: day });
    const credit = (await ChalanLine.findOne({ where: { pushId: second.id } }))!;
    expect(credit).toMatchObject({ kind: "credit", qty: -3, reversesLineId: saleLine.id, creditDate: kathmanduDate(), status: "pushed", salesDate: day });
    // The ERP holds the credit against the sale's key: the agency's net is its other day's three.
    const erpCredit = (await ErpSimRow.findOne({ where: { idemKey: lineKey(credit.id) } }))!;
    expect(erpCredit).toMatchObject({ kind: "credit", reversesKey: lineKey(saleLine.id), qty: -3, creditDate: kathmanduDate() });
    expect((await erpHolds("605555555")).net).toBe(3);
    // Pushed Chalan Log: the sale and its credit, each with its kind.
    const log = await pushedChalanSource().page({ filters: { startDate: day, endDate: day }, sort: { key: "date", desc: true } } as never, {
      offset: 0,
      limit: 50,
    });
    expect(
      log
        .filter((r) => r.customerCode === "605555555")
        .map((r) => `${r.kind} ${r.qty} ${r.creditDate ?? "-"}`)
        .sort(),
    ).toEqual([`credit -3 ${kathmanduDate()}`, "sale 3 -"]);

    // Reversed once: nothing is owed any more.
    await expect(startPush({ startDate: day, endDate: day, userId: board.id })).rejects.toThrow(CHALAN_MESSAGES.nothingNew);
    expect(await chalanDownload("chalan", { start: day, end: day })).toBeNull();
  });

  it("a refund of a card sold on another day is reversed by the next push, whatever its dates", async () => {
    const day = D(14);
    const sold = await paid(agency, day, "09:00", [german("A"), german("B")]);
    await push(day);
    await refund(sold);
    const later = D(15);
    await paid(fit, later, "09:00", [german("F")]);
    const next = await push(later);
    expect(next).toMatchObject({ status: "done", totalLines: 2, pushedLines: 2, creditLines: 1, firstSalesDate: day, lastSalesDate: later });
    const credit = (await ChalanLine.findOne({ where: { pushId: next.id, kind: "credit" } }))!;
    expect(credit).toMatchObject({ salesDate: day, cardFrom: sold.cards[0], cardTo: sold.cards[1], qty: -2 });
  });

  it("a refund before the push sends nothing: no sale, so no credit", async () => {
    const day = D(16);
    const sold = await paid(agency, day, "09:00", [german("A")]);
    await refund(sold);
    await expect(startPush({ startDate: day, endDate: day, userId: board.id })).rejects.toThrow(CHALAN_MESSAGES.nothingNew);
  });

  it("a generated card pushed as a sale before generated cards were left out is reversed by the next push over its day", async () => {
    const day = D(18);
    const gen = await generated(agency, day, "09:00", [german("G")]);
    // What the chalan did before issue 25: the generated card went out as a sale, and the ERP took it.
    const old = await ChalanPush.create({ startDate: day, endDate: day, status: "done", activeSlot: null, createdBy: null, totalLines: 1, pushedLines: 1 });
    const line = await ChalanLine.create({
      pushId: old.id,
      salesDate: day,
      customerCode: "605555555",
      itemCode: "TIMS-FOREIGN",
      cardFrom: gen.cards[0],
      cardTo: gen.cards[0],
      qty: 1,
      status: "pushed",
      pushedAt: new Date(),
    });
    await ChalanCardRow.create({ cardNumber: gen.cards[0], lineId: line.id });
    const [taken] = await simClient().send([
      {
        key: lineKey(line.id),
        type: "sale",
        sales_chalan_date: day,
        customer_code: "605555555",
        item_code: "TIMS-FOREIGN",
        card_nofrom: gen.cards[0],
        card_noto: gen.cards[0],
        qty: 1,
      },
    ]);
    expect(taken.status).toBe("accepted");
    const before = (await erpHolds("605555555")).net;

    const fix = await push(day);
    expect(fix).toMatchObject({ status: "done", totalLines: 1, pushedLines: 1, creditLines: 1 });
    expect((await erpHolds("605555555")).net).toBe(before - 1);
  });

  it("a credit the ERP cannot match is refused into the error log, and the next push tries it again", async () => {
    const day = D(20);
    const sold = await paid(agency, day, "09:00", [german("A")]);
    const first = await push(day);
    const saleLine = (await ChalanLine.findOne({ where: { pushId: first.id } }))!;
    // The ERP lost the sale (restored from a backup older than the push).
    await ErpSimRow.destroy({ where: { idemKey: lineKey(saleLine.id) } });
    await refund(sold);

    const refused = await push(day);
    expect(refused).toMatchObject({ status: "done", totalLines: 1, refusedLines: 1, creditLines: 1 });
    const log = await chalanErrorSource().page({ filters: { startDate: day, endDate: day }, sort: { key: "date", desc: true } } as never, {
      offset: 0,
      limit: 50,
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ kind: "credit", qty: -1, cardFrom: sold.cards[0], cardError: "reverses_key: No sale was accepted under this key" });
    // Its card is free again: the next push owes the credit still.
    const again = await push(day);
    expect(again).toMatchObject({ totalLines: 1, refusedLines: 1, creditLines: 1 });
    // Once the ERP has the sale back (re-imported under its key), the credit goes through.
    const { type: _t, ...resent } = {
      key: lineKey(saleLine.id),
      type: "sale",
      sales_chalan_date: day,
      customer_code: "605555555",
      item_code: "TIMS-FOREIGN",
      card_nofrom: sold.cards[0],
      card_noto: sold.cards[0],
      qty: 1,
    };
    expect((await simClient().send([resent]))[0].status).toBe("accepted");
    expect(await push(day)).toMatchObject({ totalLines: 1, pushedLines: 1, refusedLines: 0, creditLines: 1 });
  });
});

describe("the ERP's credits (the simulator, through the adapter)", () => {
  it("takes a credit of cards its sale sold, once, and refuses any other", async () => {
    const day = D(22);
    const base = 990_001;
    const sale = {
      key: "sim-sale-1",
      type: "sale" as const,
      sales_chalan_date: day,
      customer_code: "FIT",
      item_code: "TIMS-FOREIGN",
      card_nofrom: base,
      card_noto: base + 4,
      qty: 5,
    };
    const credit = (over: Record<string, unknown>) => ({
      key: `sim-credit-${Math.random()}`,
      type: "credit" as const,
      sales_chalan_date: day,
      customer_code: "FIT",
      item_code: "TIMS-FOREIGN",
      card_nofrom: base + 1,
      card_noto: base + 2,
      qty: -2,
      reverses_key: "sim-sale-1",
      credit_date: kathmanduDate(),
      ...over,
    });
    // A row without a type is a sale, as before credits existed.
    const { type: _omitted, ...untyped } = { ...sale, key: "sim-sale-2", card_nofrom: base + 10, card_noto: base + 10, qty: 1 };
    const client = simClient();
    expect((await client.send([sale, untyped])).map((r) => r.status)).toEqual(["accepted", "accepted"]);

    const answers = await client.send([
      credit({ key: "sim-credit-ok" }),
      credit({ key: "sim-credit-again", card_nofrom: base + 2, card_noto: base + 3 }),
      credit({ card_nofrom: base + 4, card_noto: base + 5 }),
      credit({ customer_code: "NTB" }),
      credit({ qty: 2 }),
      credit({ reverses_key: "no-such-sale" }),
      credit({ credit_date: addDays(kathmanduDate(), 1) }),
      credit({ sales_chalan_date: addDays(day, -1), credit_date: kathmanduDate() }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(["accepted", "rejected", "rejected", "rejected", "rejected", "rejected", "rejected", "rejected"]);
    expect(answers[1].errors?.card).toMatch(/already credited/);
    expect(answers[2].errors?.card).toMatch(/^Not all of these cards are in the sale reversed/);
    expect(answers[3].errors?.customer_code).toBe("Not the customer of the sale reversed");
    expect(answers[4].errors?.card).toBe("A credit's qty must be minus the number of its cards");
    expect(answers[5].errors?.reverses_key).toBe("No sale was accepted under this key");
    expect(answers[6].errors?.credit_date).toBe("Date is in the future");
    expect(answers[7].errors?.sales_chalan_date).toBe("Not the date of the sale reversed");
    // The same credit again is a duplicate, not a second reversal.
    expect((await client.send([credit({ key: "sim-credit-ok" })]))[0].status).toBe("duplicate");
    const held = await ErpSimRow.findAll({ where: { customerCode: "FIT", cardFrom: { [Op.gte]: base } } });
    expect(held.reduce((s, r) => s + r.qty, 0)).toBe(5 + 1 - 2);
  });
});

describe("the ledger after every scenario above", () => {
  it("each card is in at most one pushed sale line and one pushed credit line, and the pushed chalan nets to the cards sold", async () => {
    // Push whatever is still owed over every day used, so that nothing is left pending.
    const days = [1, 5, 7, 10, 14, 15, 16, 18, 20].map(D);
    try {
      await push(days[0], days[days.length - 1]);
    } catch (error) {
      expect((error as Error).message).toBe(CHALAN_MESSAGES.nothingNew);
    }
    const lines = await ChalanLine.findAll({ where: { status: "pushed" } });
    const sales = lines.filter((l) => l.kind === "sale");
    const credits = lines.filter((l) => l.kind === "credit");
    const saleCards = cardsIn(sales);
    const creditCards = cardsIn(credits);
    expect(new Set(saleCards).size).toBe(saleCards.length);
    expect(new Set(creditCards).size).toBe(creditCards.length);
    for (const l of lines) expect(Math.abs(l.qty)).toBe(l.cardTo - l.cardFrom + 1);
    for (const c of credits) {
      const sale = sales.find((s) => s.id === c.reversesLineId)!;
      expect(sale).toBeDefined();
      expect(
        c.cardFrom >= sale.cardFrom &&
          c.cardTo <= sale.cardTo &&
          c.salesDate === sale.salesDate &&
          c.customerCode === sale.customerCode &&
          c.itemCode === sale.itemCode,
      ).toBe(true);
    }
    // The tables refuse a card in a second line of a kind.
    await expect(ChalanCardRow.create({ cardNumber: saleCards[0], lineId: sales[0].id })).rejects.toThrow();
    if (creditCards.length) await expect(ChalanCreditCardRow.create({ cardNumber: creditCards[0], lineId: credits[0].id })).rejects.toThrow();

    // Per day and customer, sales less credits pushed = the cards sold that day by the test's own record.
    const net = new Map<string, number>();
    for (const l of lines)
      if (days.includes(l.salesDate)) net.set(`${l.salesDate} ${l.customerCode}`, (net.get(`${l.salesDate} ${l.customerCode}`) ?? 0) + l.qty);
    for (const [k, v] of [...net]) if (v === 0) net.delete(k);
    expect(net).toEqual(soldPerCustomerDay(days));

    // The ERP agrees: no card sold twice or credited twice, and its net per customer is the same.
    const erpRows = await ErpSimRow.findAll({ where: { cardFrom: { [Op.lt]: 990_000 } } });
    const erpSold = cardsIn(erpRows.filter((r) => r.kind === "sale"));
    const erpCredited = cardsIn(erpRows.filter((r) => r.kind === "credit"));
    expect(new Set(erpSold).size).toBe(erpSold.length);
    expect(new Set(erpCredited).size).toBe(erpCredited.length);
    const erpNet = new Map<string, number>();
    for (const r of erpRows)
      if (days.includes(r.salesDate)) erpNet.set(`${r.salesDate} ${r.customerCode}`, (erpNet.get(`${r.salesDate} ${r.customerCode}`) ?? 0) + r.qty);
    for (const [k, v] of [...erpNet]) if (v === 0) erpNet.delete(k);
    expect(erpNet).toEqual(soldPerCustomerDay(days));
  });
});
