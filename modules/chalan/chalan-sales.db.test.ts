import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, person, trek } from "../../tests/factories/registrations";
import { issuedCards, makeCardGenerator } from "../../tests/factories/cards";
import { pendingPayment, refundSale, settlePayment } from "../../tests/factories/payments";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { cardNumbersOf } from "@modules/registration/index.server";
import { decideVoucher, uploadVoucher } from "@modules/payments/index.server";
import { addDays, kathmanduDate } from "@lib/dates";
import { chalanRows } from "./rows.server";
import { getPush, runPush, startPush } from "./push.server";
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

/** Cards a gateway payment bought, issued at `hhmm` on `day`. */
async function paid(owner: TestUser, day: string, hhmm: string, trekkers: Trekker[]) {
  return at(day, hhmm, async () => {
    const p = await pendingPayment(routeId, { payer: owner, trekkers, trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
    expect(await settlePayment(p)).toBe("issued");
    return { regId: p.regId, cards: await numbersOf(p.regId) };
  });
}

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Cards a bank deposit voucher bought, approved by the board at `hhmm` on `day`. */
async function voucherPaid(owner: TestUser, day: string, hhmm: string, trekkers: Trekker[]) {
  return at(day, hhmm, async () => {
    const { regId } = await makeRegistration(owner, routeId, { trekkers, trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
    expect(await uploadVoucher(regId, owner, new File([PDF], "deposit.pdf", { type: "application/pdf" }))).toEqual({ ok: true });
    const [v] = await sequelize.query<{ id: number }>("SELECT id FROM vouchers WHERE registrationId = :regId", { replacements: { regId }, type: QueryTypes.SELECT });
    expect(await decideVoucher({ id: v.id, approve: true, refNo: "DEP-1", actorId: board.id, origin: "http://localhost" })).toBe("done");
    return { regId, cards: await numbersOf(regId) };
  });
}

/** Cards a board user made with Generate Card: no payment. */
async function generated(owner: TestUser, day: string, hhmm: string, trekkers: Trekker[]) {
  return at(day, hhmm, async () => {
    const { regId } = await issuedCards(owner, generator, routeId, { trekkers, trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
    return { regId, cards: await numbersOf(regId) };
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
