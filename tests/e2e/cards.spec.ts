import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { waitForEmail } from "./support/outbox";
import { payRegistration } from "../factories/payments";
import { addTrekker, createRegistration } from "@modules/registration/index.server";
import { cardLifecycleFields } from "@modules/cards/index.server";
import { makeUser } from "./support/data";
import { cardsOf, person, unpaidRegistration } from "./support/paid";
import { dayFromToday, makeRoute } from "./support/registration";
import { decideOnSimulator } from "./support/gateway-sim";
import { hydrated } from "./support/session";
import { signInAs } from "./support/auth-cookie";

/** A registration paid through the same settle path the gateways use. */
async function paidRegistration() {
  const made = await unpaidRegistration();
  expect(await payRegistration(made.regId, { id: made.user.id, userType: 1, grants: [] })).toBe("issued");
  return { ...made, cards: await cardsOf(made.regId) };
}

test("after payment the trekker's card shows its QR in the list, the side panel and the preview", async ({ page }) => {
  const { user, cards, route } = await paidRegistration();
  await signInAs(page, user.email);
  await page.goto("/tims-cards");
  const row = page.getByRole("row").filter({ hasText: String(cards[0].cardNumber) });
  await expect(row).toContainText(route.name);
  await row.getByRole("link", { name: String(cards[0].cardNumber) }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "TIMS Card", exact: true }).click();
  await expect(page.getByTestId("card-qr")).toBeVisible();
  await expect(page.getByTestId("card-number")).toHaveText(String(cards[0].cardNumber));
  await page.goto(`/tims-cards/${cards[0].trekkerId}`);
  await expect(page.getByTestId("tims-card")).toContainText("non-transferable");
  await expect(page.getByTestId("tims-card")).toContainText("Tourist Police 1144");
  await expect(page.getByTestId("cancelled-watermark")).toHaveCount(0);
  // The QR image is a real PNG made from the signed payload.
  expect(await page.getByTestId("card-qr").getAttribute("src")).toMatch(/^data:image\/png;base64,/);
});

test("trekking history opens the trekker panel; a stranger can not open the card", async ({ page, browser }) => {
  const { user, cards } = await paidRegistration();
  await signInAs(page, user.email);
  await page.goto("/trekking-history");
  await page.getByRole("link", { name: "View" }).first().click();
  await expect(page.getByRole("dialog")).toContainText("Background");
  await expect(page.getByRole("dialog").getByRole("link", { name: "TIMS Card", exact: true })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await signInAs(other, "fit@tims.test");
  expect((await other.goto(`/tims-cards/${cards[0].trekkerId}`))?.status()).toBe(404);
});

test("an unpaid trekker's panel has no TIMS Card tab", async ({ page }) => {
  const { user, regId } = await unpaidRegistration();
  const [first] = await cardsOf(regId);
  await signInAs(page, user.email);
  await page.goto(`/trekking-history/${first.trekkerId}`);
  await expect(page.getByRole("dialog")).toContainText("Payment Pending");
  await expect(page.getByRole("dialog").getByRole("link", { name: "TIMS Card", exact: true })).toHaveCount(0);
});

test("the board cancels a card: a short reason is refused, a proper one stamps CANCELLED", async ({ page, browser }) => {
  const { cards } = await paidRegistration();
  await signInAs(page, "ntb@tims.test");
  await page.goto(`/tims-cards/${cards[0].trekkerId}`);
  await page.getByRole("link", { name: "Cancel Card" }).click();
  await page.getByLabel("Reason").fill("too short");
  await page.getByRole("button", { name: "Cancel Card" }).click();
  await expect(page.getByText("Minimum 10 character is required")).toBeVisible();
  await page.getByLabel("Reason").fill("Trekker left Nepal before the trek.");
  await page.getByRole("button", { name: "Cancel Card" }).click();
  await expect(page.getByText("Card cancelled successfully")).toBeVisible();
  await expect(page.getByTestId("cancelled-watermark")).toBeVisible();
  // A second cancel is an illegal transition, refused by the server with a clear message.
  const again = await page.request.post(`/cards/${cards[0].trekkerId}/cancel`, { form: { reason: "Once more, for the test." } });
  expect(again.status()).toBe(409);
  const fit = await (await browser.newContext()).newPage();
  await signInAs(fit, "fit@tims.test");
  expect((await fit.goto(`/cards/${cards[1].trekkerId}/cancel`))?.status()).toBe(403);
  expect((await fit.request.post(`/cards/${cards[1].trekkerId}/cancel`, { form: { reason: "I should not be able to." } })).status()).toBe(403);
});

test("a card is returned by its holder; TAAN may not decide a free trekker's return, the board approves it", async ({ page, browser }) => {
  const { user, cards } = await paidRegistration();
  await signInAs(page, user.email);
  await page.goto(`/tims-cards/${cards[0].trekkerId}`);
  await page.getByRole("link", { name: "Return Card" }).click();
  await page.getByRole("button", { name: "Return Card" }).click();
  await expect(page.getByText("Card status updated successfully")).toBeVisible();
  const taan = await (await browser.newContext()).newPage();
  await signInAs(taan, "taan@tims.test");
  // TAAN decides for its member agencies only (issue 26, docs/decisions.md): a free trekker's card is not its to see.
  expect((await taan.goto(`/cards/${cards[0].trekkerId}/approveReturn`))?.status()).toBe(404);
  const board = await (await browser.newContext()).newPage();
  await signInAs(board, "ntb@tims.test");
  await board.goto(`/cards/${cards[0].trekkerId}/approveReturn`);
  await board.getByRole("button", { name: "Approve" }).click();
  await expect(board.getByText("Card status updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("card-status")).toHaveText("Returned");
  // The holder can not decide their own return.
  expect((await page.request.post(`/cards/${cards[0].trekkerId}/approveReturn`, { form: {} })).status()).toBe(403);
});

test("an agency deletes an unpaid trekker with a reason; the record is kept", async ({ page }) => {
  const agency = await makeUser({ userType: 2, organizationName: "Delete Co", isDocumentUploaded: true, isVerified: true, isApproved: true });
  const route = await makeRoute("Delete Trek");
  const viewer = { id: agency.id, userType: 2, grants: [] as string[] };
  const regId = await createRegistration(
    viewer,
    { routeId: route.id, entryDate: dayFromToday(5), exitDate: dayFromToday(9), entryPoint: "Besisahar", exitPoint: "Jomsom" },
    person("Keep Me"),
    "k",
  );
  await addTrekker(regId, viewer, person("Delete Me"), "k");
  const [keep, victim] = await cardsOf(regId);
  await signInAs(page, agency.email);
  await page.goto(`/cards/${victim.trekkerId}/delete`);
  await page.getByLabel("Reason").fill("Client cancelled the trip.");
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Trekker deleted successfully")).toBeVisible();
  expect((await cardsOf(regId)).map((c) => c.fullName)).toEqual(["Keep Me"]);
  const fields = await cardLifecycleFields([victim.trekkerId]);
  expect(fields.get(victim.trekkerId)?.deleteRemarks).toBe("Client cancelled the trip.");
  // The board can not delete (agencies only), and another agency can not see the row.
  await page.context().clearCookies();
  await signInAs(page, "ntb@tims.test");
  expect((await page.goto(`/cards/${keep.trekkerId}/delete`))?.status()).toBe(403);
});

test("the card downloads as a real PDF named after the trekker, and was e-mailed on issue", async ({ page }) => {
  test.setTimeout(90_000);
  // Paid through a gateway, so the server itself issues the cards and runs the PDF and e-mail jobs.
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email);
  await page.goto(`/new-register/${regId}/payment`);
  await hydrated(page);
  await page.getByRole("button", { name: "Pay with eSewa" }).click();
  await decideOnSimulator(page, "success");
  await expect(page.getByTestId("payment-success")).toBeVisible();
  const cards = await cardsOf(regId);
  // The PDF is made by a job; the route answers "being prepared" until it is ready, then the file.
  await expect
    .poll(async () => (await page.request.get(`/tims-cards/${cards[0].trekkerId}/pdf`)).headers()["content-type"], { timeout: 45_000 })
    .toBe("application/pdf");
  const response = await page.request.get(`/tims-cards/${cards[0].trekkerId}/pdf`);
  expect(response.headers()["content-disposition"]).toContain("Anna Keller.pdf");
  const bytes = await response.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const file = path.join(os.tmpdir(), `card-${cards[0].trekkerId}.pdf`);
  fs.writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", [file, "-"]).toString();
  expect(text).toContain(String(cards[0].cardNumber));
  expect(text).toContain("Anna Keller");
  const mail = await waitForEmail("trekker@example.com", new RegExp(String(cards[0].cardNumber)));
  expect(mail.attachments.some((a) => a.filename === "Anna Keller.pdf" && a.content.subarray(0, 5).toString() === "%PDF-")).toBe(true);
});

test("the holder of the generate permission issues cards without payment; others get 403", async ({ page }) => {
  const { regId } = await unpaidRegistration();
  await signInAs(page, "taan@tims.test");
  expect((await page.goto(`/cards/generate/${regId}`))?.status()).toBe(403);
  await page.context().clearCookies();
  await signInAs(page, "ntb@tims.test");
  await page.goto(`/new-register/${regId}`);
  await page.getByRole("link", { name: "Generate Card" }).click();
  await page.getByRole("button", { name: "Generate Card" }).click();
  await expect(page.getByText("Card generated successfully")).toBeVisible();
  expect((await cardsOf(regId)).every((c) => Number.isInteger(c.cardNumber))).toBe(true);
});
