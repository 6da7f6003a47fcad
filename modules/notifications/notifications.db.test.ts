import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeCardGenerator, issuedCards } from "../../tests/factories/cards";
import { paidBill } from "../../tests/factories/payments";
import { makeRegistration, makeRoute } from "../../tests/factories/registrations";
import { makeRoleUser, makeUser, type TestUser } from "../../tests/factories/users";
import { makePng } from "../../tests/e2e/support/files";
import { DOCUMENT_SLOTS, decideAgency, submitDocuments } from "@modules/agencies/index.server";
import { applyCardAction } from "@modules/cards/index.server";
import { decideVoucher, listVouchers, uploadVoucher } from "@modules/payments/index.server";
import { countUnread, listNotifications, markAllRead, notify, openNotification } from "./index.server";

// Issue 17, item 2: each event raises one notification for the users it concerns and none for
// anyone else; TAAN hears of what concerns its member agencies; read, open and mark all.

const PDF = new Uint8Array([...Buffer.from("%PDF-1.4\n"), ...new Array(2000).fill(32)]);
let routeId = 0;
let board: TestUser;
let taan: TestUser;
let bystander: TestUser;
let generator: TestUser;

const all = async (user: { id: number }) => (await listNotifications(user.id, { offset: 0, limit: 100 })).rows;
const kinds = async (user: { id: number }) => (await all(user)).map((n) => n.kind);

async function agencyAwaitingReview(name: string): Promise<TestUser> {
  const agency = await makeUser({ userType: 2, fullName: name, organizationName: name });
  const form = new FormData();
  for (const slot of DOCUMENT_SLOTS) form.append(slot.field, new File([PDF], `${slot.field}.pdf`));
  await submitDocuments(agency.id, form);
  return agency;
}

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Notice Route")).id;
  board = await makeRoleUser("ntb");
  taan = await makeRoleUser("taan");
  bystander = await makeRoleUser("agency", { organizationName: "Bystander Treks", isApproved: true, isVerified: true });
  generator = await makeCardGenerator();
});

describe("events raise notifications for the users they concern", () => {
  it("an agency's documents decided: the agency and TAAN, with their own links", async () => {
    const agency = await agencyAwaitingReview("Notice Agency One");
    const taanBefore = (await all(taan)).length;
    await decideAgency({
      agencyId: agency.id,
      approve: false,
      remarks: "The PAN scan is blurred",
      actor: { id: board.id, fullName: "Board" },
      origin: "http://x",
    });
    const [mine] = await all(agency);
    expect(await kinds(agency)).toEqual(["agency-rejected"]);
    expect(mine).toMatchObject({ category: "Users", link: "/upload-documents-status/rejected", isRead: false });
    expect(mine.body).toContain("The PAN scan is blurred");
    const taanRows = await all(taan);
    expect(taanRows.length).toBe(taanBefore + 1);
    expect(taanRows[0]).toMatchObject({ kind: "agency-rejected", link: `/requests/${agency.id}` });
    expect(await all(bystander)).toEqual([]);
    expect(await all(board)).toEqual([]);
  });

  it("cards issued by a payment: the payer only", async () => {
    const fit = await makeRoleUser("fit");
    const { regId } = await paidBill(routeId, { payer: fit, count: 2 });
    expect(await all(fit)).toEqual([expect.objectContaining({ kind: "cards-issued", category: "TIMS Cards", link: `/new-register/${regId}` })]);
    expect((await all(fit))[0].title).toMatch(/^2 TIMS cards issued for Notice Route/);
    expect(await all(bystander)).toEqual([]);
  });

  it("a voucher rejected: the agency and TAAN; approved: voucher approved and cards issued", async () => {
    const agency = await makeRoleUser("agency", { organizationName: "Voucher Notice Treks", isApproved: true, isVerified: true });
    const upload = async () => {
      const { regId } = await makeRegistration(agency, routeId, { trekkers: ["Voucher Trekker"] });
      await uploadVoucher(regId, agency, new File([new Uint8Array(makePng(40, 30))], "v.png", { type: "image/png" }));
      return (await listVouchers({ offset: 0, limit: 500 })).rows.find((r) => r.registrationId === regId)!.id;
    };
    const taanBefore = (await all(taan)).length;
    await decideVoucher({ id: await upload(), approve: false, remarks: "Amount does not match", actorId: board.id, origin: "http://x" });
    expect(await kinds(agency)).toEqual(["voucher-rejected"]);
    expect((await all(taan)).length).toBe(taanBefore + 1);
    await decideVoucher({ id: await upload(), approve: true, refNo: "REF-1", actorId: board.id, origin: "http://x" });
    expect((await kinds(agency)).sort()).toEqual(["cards-issued", "voucher-approved", "voucher-rejected"]);
    expect(await all(bystander)).toEqual([]);
  });

  it("a card cancelled: its owner; a return decided: the owner and TAAN (for an agency's card)", async () => {
    const agency = await makeRoleUser("agency", { organizationName: "Return Notice Treks", isApproved: true, isVerified: true });
    const { trekkerIds } = await issuedCards(agency, generator, routeId, { count: 2 });
    await applyCardAction(board, "cancel", trekkerIds[0], "Trek called off by the agency");
    expect(await all(agency)).toEqual([expect.objectContaining({ kind: "card-cancelled", link: `/tims-cards/${trekkerIds[0]}` })]);
    const taanBefore = (await all(taan)).length;
    await applyCardAction(agency, "return", trekkerIds[1], "Client fell ill");
    expect((await all(agency)).length).toBe(1);
    await applyCardAction(taan, "approveReturn", trekkerIds[1], "Approved with a medical note");
    expect((await kinds(agency)).sort()).toEqual(["card-cancelled", "return-approved"]);
    expect((await all(taan)).length).toBe(taanBefore + 1);
    expect(await all(bystander)).toEqual([]);
  });

  it("a move that fails raises nothing (the notification is in the move's transaction)", async () => {
    const fit = await makeRoleUser("fit");
    const { trekkerIds } = await issuedCards(fit, generator, routeId);
    await expect(applyCardAction(board, "cancel", trekkerIds[0], "short")).rejects.toThrow();
    expect(await all(fit)).toEqual([]);
  });
});

describe("reading notifications", () => {
  it("counts unread, opens one (marking it read) only for its owner, and marks all read", async () => {
    const user = await makeRoleUser("checkpost");
    for (const n of [1, 2, 3]) await notify({ kind: "cards-issued", to: [user.id], title: `Event ${n}`, body: "b", link: `/trekkers?n=${n}` });
    expect(await countUnread(user.id)).toBe(3);
    const [newest] = await all(user);
    expect(newest.title).toBe("Event 3");
    expect(await openNotification(newest.id, bystander.id)).toBeNull();
    expect(await countUnread(user.id)).toBe(3);
    expect(await openNotification(newest.id, user.id)).toBe("/trekkers?n=3");
    expect(await countUnread(user.id)).toBe(2);
    expect((await listNotifications(user.id, { read: true, offset: 0, limit: 10 })).rows.map((n) => n.title)).toEqual(["Event 3"]);
    expect(await markAllRead(user.id)).toBe(2);
    expect(await countUnread(user.id)).toBe(0);
    expect(await markAllRead(user.id)).toBe(0);
  });

  it("filters the inbox by category", async () => {
    const user = await makeRoleUser("agency");
    await notify({ kind: "cards-issued", to: [user.id], title: "Cards", body: "b", link: "/" });
    await notify({ kind: "agency-approved", to: [user.id], title: "Account", body: "b", link: "/" });
    await notify({ kind: "voucher-approved", to: [user.id], title: "Voucher", body: "b", link: "/" });
    const titles = async (category?: "Registration" | "Users" | "TIMS Cards") =>
      (await listNotifications(user.id, { category, offset: 0, limit: 10 })).rows.map((n) => n.title);
    expect(await titles()).toEqual(["Voucher", "Account", "Cards"]);
    expect(await titles("TIMS Cards")).toEqual(["Cards"]);
    expect(await titles("Users")).toEqual(["Account"]);
    expect(await titles("Registration")).toEqual(["Voucher"]);
  });
});
