import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { payRegistration } from "../factories/payments";
import { createRegistration } from "@modules/registration/index.server";
import { createRoute } from "@modules/trek-routes/index.server";
import { cardsOf, person } from "./support/paid";
import { makeUser } from "./support/data";
import { dayFromToday } from "./support/registration";
import { signInAs } from "./support/auth-cookie";

// A phone (issue 12 item 2): the card lays out at 390 px with its QR whole and scannable, also with a
// 40-character unbroken checkpoint name, in the page, in the side panel and in the PDF (≥ 35 mm).
test.use({ viewport: { width: 390, height: 844 } });

const LONG_POINT = "Thorongphedihighcampbasecampcheckpointx"; // 39 letters, no break opportunity
expect(LONG_POINT.length).toBeGreaterThanOrEqual(36);

async function paidCardWithLongPoint() {
  const user = await makeUser({ userType: 1 });
  const routeId = await createRoute({
    name: `Phone Trek ${Date.now()}${Math.floor(Math.random() * 1000)}`,
    provinceId: 4,
    startPoint: LONG_POINT,
    endPoint: "Jomsom",
    checkpoints: [{ name: `${LONG_POINT}a` }],
    description: "<p>Phone route</p>",
  });
  const viewer = { id: user.id, userType: 1, grants: [] as string[] };
  const regId = await createRegistration(
    viewer,
    { routeId, entryDate: dayFromToday(7), exitDate: dayFromToday(14), entryPoint: LONG_POINT, exitPoint: `${LONG_POINT}a` },
    person("Anna Keller"),
    "trekker-photos/2026-11/00000000000000000000000000000000.jpg",
  );
  expect(await payRegistration(regId, viewer)).toBe("issued");
  const [card] = await cardsOf(regId);
  return { user, card };
}

/** Decodes the QR code in a PNG (any size) with jsQR; null when none is found. */
async function decodePng(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** The QR lies wholly inside the card and inside the viewport's width. */
async function expectQrWhole(page: Page, card: Locator) {
  const qr = card.getByTestId("card-qr");
  await expect(qr).toBeVisible();
  const [c, q] = [await card.boundingBox(), await qr.boundingBox()];
  expect(c && q).toBeTruthy();
  expect(q!.x).toBeGreaterThanOrEqual(c!.x);
  expect(q!.x + q!.width).toBeLessThanOrEqual(c!.x + c!.width);
  expect(q!.x + q!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return qr;
}

test("the card page and the panel's card tab show a whole QR that decodes to the card's payload at 390 px", async ({ page }) => {
  const { user, card } = await paidCardWithLongPoint();
  await signInAs(page, user.email);

  await page.goto(`/tims-cards/${card.trekkerId}`);
  const onPage = page.getByTestId("tims-card");
  await expect(onPage).toContainText(LONG_POINT);
  const pagePayload = await decodePng(await (await expectQrWhole(page, onPage)).screenshot());
  expect(pagePayload).toBeTruthy();
  // The payload names the trekker's card (its number, issue 18); the same one is in the panel and (below) in the PDF.
  expect(pagePayload).toContain(`|${card.cardNumber}|`);

  await page.goto("/tims-cards");
  await page
    .getByRole("link", { name: String(card.cardNumber) })
    .first()
    .click();
  const panel = page.getByRole("dialog");
  await expect(panel).toBeVisible();
  await panel.getByRole("link", { name: "TIMS Card", exact: true }).click();
  const inPanel = panel.getByTestId("tims-card");
  const panelPayload = await decodePng(await (await expectQrWhole(page, inPanel)).screenshot());
  expect(panelPayload).toBe(pagePayload);
});

test("the PDF of a card with a long checkpoint name prints the QR whole, at least 35 mm, and it decodes", async ({ page }) => {
  test.setTimeout(90_000);
  const { user, card } = await paidCardWithLongPoint();
  await signInAs(page, user.email);
  await page.goto(`/tims-cards/${card.trekkerId}`);
  const expected = await decodePng(await page.getByTestId("card-qr").screenshot());

  await expect
    .poll(async () => (await page.request.get(`/tims-cards/${card.trekkerId}/pdf`)).headers()["content-type"], { timeout: 60_000 })
    .toBe("application/pdf");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "card-pdf-"));
  const pdf = path.join(dir, "card.pdf");
  fs.writeFileSync(pdf, await (await page.request.get(`/tims-cards/${card.trekkerId}/pdf`)).body());

  // Rendered as paper is printed, then scanned: the QR must still decode.
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", pdf, path.join(dir, "page")]);
  expect(await decodePng(fs.readFileSync(path.join(dir, "page.png")))).toBe(expected);
  expect(execFileSync("pdftotext", [pdf, "-"]).toString().replace(/\s+/g, "")).toContain(LONG_POINT);

  // Its printed size: the largest square image on the page is the QR; pixels / ppi → inches.
  const images = execFileSync("pdfimages", ["-list", pdf])
    .toString()
    .split("\n")
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 13 && cols[3] === cols[4])
    .map((cols) => (Number(cols[3]) / Number(cols[12])) * 25.4);
  expect(Math.max(...images)).toBeGreaterThanOrEqual(35);
});
