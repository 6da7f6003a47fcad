// Issue 18, item 2: the checkpost works offline. The scan page installs its service worker; the
// context goes offline and the page is reloaded from the worker's cache; three cards are scanned
// from images (one cancelled: shown red with why, and kept as a refused scan — the same as
// online, ADR 0028); back online the page sends the three and the server records each once: two
// check-ins and one refused scan, marked, and nothing new when the batch is sent again.
import QRCode from "qrcode";
import { expect, test, type Page } from "@playwright/test";
import { applyCardAction } from "@modules/cards/index.server";
import { checkinsOf } from "@modules/checkins/index.server";
import { makeCheckpostAt, makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { makeUser } from "../factories/users";
import { signInAs } from "./support/auth-cookie";
import { axeProblems } from "./support/axe";
import { hydrated } from "./support/session";

test.describe.configure({ timeout: 120_000 });

/** A 300 px image of the QR, as a phone photo of a card might give. */
async function choosePhoto(page: Page, text: string) {
  const buffer = await QRCode.toBuffer(text, { width: 300, margin: 4, errorCorrectionLevel: "M" });
  await page.getByLabel("Choose or take a photo").setInputFiles({ name: "card-qr.png", mimeType: "image/png", buffer });
}

test("offline: installs, checks three cards on the device (a cancelled one red), sends them once back online: two check-ins and one refused scan, once each", async ({
  page,
  context,
}) => {
  const { route, points, checkpost } = await makeTrail(1);
  const [first, second, cancelled] = await trailCards(route.id, { count: 3, entry: inDays(0), exit: inDays(5) });
  await applyCardAction(await makeUser({ userType: 4 }), "cancel", cancelled.trekkerId, "Permit withdrawn");
  await signInAs(context, checkpost.email);
  // The worker, the manifest and the offline chunk live within the page's Content-Security-Policy.
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  await page.goto("/scan");
  await hydrated(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/scan/manifest.webmanifest");
  await expect(page.getByTestId("offline-state")).toContainText("Ready to scan without a connection.", { timeout: 20_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/scan-sw\.js$/);
  await expect(page.getByTestId("pending-scans")).toHaveText("0 scans wait to be sent.");
  // The list's time as every time on screen reads: Nepal time, yyyy/MM/dd (not the device's locale).
  await expect(page.getByText(/^Revocation list of \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(Nepal time\)\.$/)).toBeVisible();

  await context.setOffline(true);
  // The network is gone for the page (a request the worker passes on fails) and the page comes from the worker.
  expect(
    await page.evaluate(() =>
      fetch("/scan/revoked.json?fresh=1").then(
        () => "answered",
        () => "failed",
      ),
    ),
  ).toBe("failed");
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await hydrated(page);
  await expect(page.getByText(`Checking in at ${points[1].name}`)).toBeVisible();
  await expect(page.getByTestId("offline-state")).toContainText("No connection", { timeout: 20_000 });

  await choosePhoto(page, first.cardQr);
  await expect(page.getByTestId("offline-result")).toContainText(`${first.fullName}: genuine card`);
  await expect(page.getByTestId("offline-result")).toContainText(`Card ${first.cardNumber}`);
  await expect(page.getByTestId("pending-scans")).toHaveText("1 scan waits to be sent.");

  await choosePhoto(page, cancelled.cardQr);
  const refused = page.getByTestId("offline-refused");
  await expect(refused).toContainText(`${cancelled.fullName}: not checked in`);
  await expect(refused).toContainText("This card was cancelled.");
  // Red: Tailwind's red-500 border, as the online page shows a refused card.
  await expect(refused).toHaveCSS("border-top-color", "oklch(0.637 0.237 25.331)");
  await expect(refused).toContainText("Kept on this device as a refused scan");
  await expect(page.getByTestId("pending-scans")).toHaveText("2 scans wait to be sent.");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeProblems(page)).toEqual([]);

  await choosePhoto(page, second.cardQr);
  await expect(page.getByTestId("offline-result")).toContainText(`${second.fullName}: genuine card`);
  await expect(page.getByTestId("pending-scans")).toHaveText("3 scans wait to be sent.");
  // Nothing reached the server while offline.
  for (const card of [first, second, cancelled]) expect(await checkinsOf(card.trekkerId)).toHaveLength(0);

  const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/scan/sync");
  await context.setOffline(false);
  const batch = (await sent).postDataJSON() as { scannerId: number; checkins: { clientId: string; qr: string }[] };
  expect(batch.scannerId).toBe(checkpost.id);
  expect(batch.checkins.map((c) => c.qr).sort()).toEqual([first.cardQr, second.cardQr, cancelled.cardQr].sort());
  await expect(page.getByTestId("sync-report")).toContainText("Sent: 2 recorded, 0 already recorded, 1 refused, 0 not recorded.");
  await expect(page.getByTestId("sync-report")).toContainText(`Refused: ${cancelled.fullName}: This card was cancelled.`);
  await expect(page.getByTestId("pending-scans")).toHaveText("0 scans wait to be sent.");

  // Exactly three rows, once each: two check-ins and the cancelled card's refused scan.
  const rows = async () =>
    (await Promise.all([first, second, cancelled].map((c) => checkinsOf(c.trekkerId)))).map((list) => list.map((r) => r.refusedReason ?? "check-in"));
  const three = [["check-in"], ["check-in"], ["This card was cancelled."]];
  expect(await rows()).toEqual(three);
  const [recorded] = await checkinsOf(first.trekkerId);
  expect(recorded).toMatchObject({ place: points[1].name, method: "photo", direction: "in" });
  expect((await checkinsOf(cancelled.trekkerId))[0]).toMatchObject({ place: points[1].name, method: "photo" });

  // The same batch again (a replay): each is answered as before, nothing new is written.
  const replay = await page.request.post("/scan/sync", { data: batch });
  expect(replay.status()).toBe(200);
  const { results } = (await replay.json()) as { results: { clientId: string; outcome: string }[] };
  expect(results.map((r) => r.clientId)).toEqual(batch.checkins.map((c) => c.clientId));
  expect(results.map((r) => r.outcome)).toEqual(batch.checkins.map((c) => (c.qr === cancelled.cardQr ? "refused" : "repeat")));
  expect(await rows()).toEqual(three);
  // Scans made by another account are not taken from this session.
  expect((await page.request.post("/scan/sync", { data: { ...batch, scannerId: checkpost.id + 1 } })).status()).toBe(409);
  expect(await rows()).toEqual(three);

  // The checkpost's Scanned Trekkers: the three, the cancelled one marked refused.
  await page.goto("/trekkers");
  const scanned = page.getByRole("table", { name: "Scanned trekkers" });
  await expect(scanned.locator("tbody tr")).toHaveCount(3);
  for (const card of [first, second]) await expect(scanned.locator("tbody tr").filter({ hasText: card.fullName })).toContainText("Check in");
  await expect(scanned.locator("tbody tr").filter({ hasText: cancelled.fullName })).toContainText("Refused: This card was cancelled.");
  expect(await axeProblems(page)).toEqual([]);
  // Its trail: no step passed, the refused scan listed under it.
  await page.goto(`/scanned-trekker/${cancelled.regId}/${cancelled.trekkerId}`);
  await expect(page.getByText("Route so far (0 check-ins)")).toBeVisible();
  await expect(page.getByTestId("refused-scans")).toContainText(`${points[1].name}: Refused: This card was cancelled.`);
  expect(await axeProblems(page)).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test("a check-in kept offline for a card cancelled meanwhile comes back refused and is kept as a refused scan, sent only by its own account; a forged or changed card is refused on the device", async ({
  page,
  context,
}) => {
  const { route, points, checkpost } = await makeTrail(1);
  const [card] = await trailCards(route.id, { entry: inDays(0), exit: inDays(5) });
  await signInAs(context, checkpost.email);
  await page.goto("/scan");
  await hydrated(page);
  await expect(page.getByTestId("offline-state")).toContainText("Ready to scan without a connection.", { timeout: 20_000 });

  await context.setOffline(true);
  await expect(page.getByTestId("offline-state")).toContainText("No connection");
  // A typed card needs the server's record: the page says so and stays.
  await page.getByLabel("Card Number").fill(String(card.cardNumber));
  await page.getByLabel("Passport Number").fill(card.passport);
  await page.getByRole("button", { name: "Check card" }).click();
  await expect(page.getByText("Checking a typed card number needs a connection.")).toBeVisible();
  await expect(page.getByTestId("offline-scan")).toBeVisible();
  // One changed byte (the exit date) breaks the signature.
  await choosePhoto(page, card.cardQr.replace(`|${inDays(5)}|`, `|${inDays(9)}|`));
  await expect(page.getByTestId("offline-refused")).toContainText("Invalid QR Code");
  await choosePhoto(page, card.cardQr);
  await expect(page.getByTestId("pending-scans")).toHaveText("1 scan waits to be sent.");

  // The board cancels the card while the checkpost has no connection.
  await applyCardAction(await makeUser({ userType: 4 }), "cancel", card.trekkerId, "Permit withdrawn");
  // Another checkpost signing in on this device does not send the first one's scans.
  const other = await makeCheckpostAt(route.id, points[2].id);
  await signInAs(context, other.email);
  await context.setOffline(false);
  await page.reload();
  await hydrated(page);
  await expect(page.getByText("1 scan by another checkpost account waits on this device")).toBeVisible();
  await expect(page.getByTestId("pending-scans")).toHaveText("0 scans wait to be sent.");
  expect(await checkinsOf(card.trekkerId)).toHaveLength(0);

  await signInAs(context, checkpost.email);
  await page.reload();
  await expect(page.getByTestId("sync-report")).toContainText("0 recorded, 0 already recorded, 1 refused, 0 not recorded.");
  await expect(page.getByTestId("sync-report")).toContainText(`Refused: ${card.fullName}: This card was cancelled.`);
  await expect(page.getByTestId("pending-scans")).toHaveText("0 scans wait to be sent.");
  expect(await checkinsOf(card.trekkerId)).toMatchObject([{ place: points[1].name, refusedReason: "This card was cancelled." }]);
});
