import { expect, test } from "@playwright/test";
import { settle } from "@modules/payments/settle.server";
import { lockPrice } from "@modules/registration/service.server";
import { cardsOf, unpaidRegistration } from "./support/paid";
import { signIn } from "./support/session";

/** A registration paid through the same settle path the gateways use. */
async function paidRegistration() {
  const made = await unpaidRegistration();
  const amount = await lockPrice(made.regId, { id: made.user.id, userType: 1, grants: [] });
  const outcome = await settle({ registrationId: made.regId, amountPaisa: amount, methodId: 1, payerUserId: made.user.id, claim: async () => true });
  expect(outcome).toBe("issued");
  return { ...made, cards: await cardsOf(made.regId) };
}

test("after payment the trekker's card shows its QR in the list, the side panel and the preview", async ({ page }) => {
  const { user, cards, route } = await paidRegistration();
  await signIn(page, user.email);
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
  await signIn(page, user.email);
  await page.goto("/trekking-history");
  await page.getByRole("link", { name: "View" }).first().click();
  await expect(page.getByRole("dialog")).toContainText("Background");
  await expect(page.getByRole("dialog").getByRole("link", { name: "TIMS Card", exact: true })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await signIn(other, "fit@tims.test");
  expect((await other.goto(`/tims-cards/${cards[0].trekkerId}`))?.status()).toBe(404);
});

test("an unpaid trekker's panel has no TIMS Card tab", async ({ page }) => {
  const { user, regId } = await unpaidRegistration();
  const [first] = await cardsOf(regId);
  await signIn(page, user.email);
  await page.goto(`/trekking-history/${first.trekkerId}`);
  await expect(page.getByRole("dialog")).toContainText("Payment Pending");
  await expect(page.getByRole("dialog").getByRole("link", { name: "TIMS Card", exact: true })).toHaveCount(0);
});
