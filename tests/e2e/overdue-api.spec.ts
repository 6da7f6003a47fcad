// Issue 18, items 4 and 3 in the browser: an agency finds its overdue trekker with the Overdue
// filter and marks it safe with a note; the board sees the dashboard block. The board issues a
// device token (shown once), a checkpost app posts a batch twice over HTTP and it is recorded
// once, and after the board revokes the device the API refuses the token.
import { expect, test } from "@playwright/test";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { overdueTrekkers } from "../factories/overdue";
import { signInAs } from "./support/auth-cookie";
import { makeActiveUser } from "./support/roles";
import { hydrated } from "./support/session";

test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 30_000 };

test("an agency filters its overdue trekkers and marks one safe with a note; the board sees the block", async ({ page }) => {
  const agency = await makeActiveUser("agency");
  const trail = await makeTrail(0);
  const [walker] = await overdueTrekkers(trail.route.id, agency);

  await signInAs(page, agency.email);
  await page.goto(`/trekkers?overdue=1&username=${walker.cardNumber}`);
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: walker.fullName });
  await expect(row).toBeVisible(slow);
  await row.getByRole("link", { name: `Mark Safe ${walker.fullName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Mark Trekker Safe" });
  await dialog.getByLabel("Note").fill("too short");
  await dialog.getByRole("button", { name: "Mark Safe" }).click();
  await expect(dialog.getByText("Minimum 10 character is required")).toBeVisible(slow);
  await dialog.getByLabel("Note").fill("The guide phoned from Besisahar: all well.");
  await dialog.getByRole("button", { name: "Mark Safe" }).click();
  await expect(page.getByText("Trekker marked safe")).toBeVisible(slow);
  await expect(page.getByText("No Data Found For This Table")).toBeVisible(slow);

  const board = await makeActiveUser("ntb");
  await signInAs(page, board.email);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Overdue trekkers" })).toBeVisible(slow);
  await expect(page.getByRole("link", { name: "All overdue trekkers" })).toHaveAttribute("href", "/trekkers?tab=trekkers&overdue=1");
});

test("the board issues a device token; a batch posted twice is recorded once; a revoked token is refused", async ({ page, request }) => {
  const trail = await makeTrail(0);
  const [card] = await trailCards(trail.route.id, { entry: inDays(0), exit: inDays(4) });
  const board = await makeActiveUser("ntb");
  const name = `Gate tablet ${Date.now().toString(36)}`;

  await signInAs(page, board.email);
  await page.goto("/api-devices");
  await hydrated(page);
  await page.getByLabel("Device name").fill(name);
  await page.getByLabel("Account").selectOption({ value: String(trail.checkpost.id) });
  await page.getByRole("button", { name: "Issue Token" }).click();
  const token = (await page.getByTestId("issued-token").textContent({ timeout: 30_000 }))!.trim();
  expect(token).toMatch(/^tims_[A-Za-z0-9_-]{43}$/);
  // Shown once: the list shows its prefix only.
  await page.goto("/api-devices");
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible(slow);
  await expect(page.getByText(token)).toHaveCount(0);

  const headers = { Authorization: `Bearer ${token}` };
  const batch = { items: [{ clientId: "e2e-1", qr: card.qr }] };
  const first = await request.post("/api/v1/checkins", { headers, data: batch });
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ recorded: 1, duplicate: 0 });
  const again = await request.post("/api/v1/checkins", { headers, data: batch });
  expect(await again.json()).toMatchObject({ recorded: 0, duplicate: 1 });
  expect((await request.get(`/api/v1/cards/${card.cardNumber}`, { headers })).status()).toBe(200);

  await page.getByRole("link", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke Device" });
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`The token of ${name} is revoked`)).toBeVisible(slow);
  const refused = await request.get("/api/v1/revoked", { headers });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("unauthorized");
});
