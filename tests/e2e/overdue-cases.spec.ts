// Issue 29 in the browser, start to end: an agency registers a trekker with a family follower,
// the trek is paid, the trekker checks in twice and misses the exit, the overdue job raises the
// alert, the agency records "contacting", the board escalates to rescue and downloads the rescue
// sheet's PDF, the follower reads their page and e-mails, and a late check-out at the trail's end
// closes the case. The follower's page leaks nothing: another trekker's link shows only theirs, a
// tampered one gets the not-found page.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { displayDate } from "@lib/dates";
import { scanCard } from "@modules/checkins/index.server";
import { findOverdueTrekkers } from "@modules/overdue/index.server";
import { makeCheckpostAt, makeTrail, trailCards, TRAIL } from "../factories/checkins";
import { payRegistration } from "../factories/payments";
import { signInAs } from "./support/auth-cookie";
import { axeProblems } from "./support/axe";
import { emailsTo, linkIn as linkInMail, waitForEmail } from "./support/outbox";
import { cardsOf } from "./support/paid";
import { dayFromToday, fillTrekker } from "./support/registration";
import { makeActiveUser } from "./support/roles";
import { hydrated } from "./support/session";

test.describe.configure({ timeout: 180_000 });

/** The path of the link in an e-mail: e-mails this process queued carry its own origin, not the server's. */
const linkIn = (mail: Parameters<typeof linkInMail>[0], part: string) => {
  const url = new URL(linkInMail(mail, part));
  return `${url.pathname}${url.search}`;
};

async function recordMove(page: Page, trekkerId: number, move: string, note: string, confirm = false) {
  await page.goto(`/overdue-cases/${trekkerId}`);
  await page.getByRole("radio", { name: move }).check();
  await page.getByLabel("Note").fill(note);
  if (confirm) await page.getByRole("checkbox", { name: /I confirm/ }).check();
  await page.getByRole("button", { name: "Record move" }).click();
  await expect(page.getByText("Case updated")).toBeVisible();
}

test("from registration with a follower to a rescue and a late check-out that closes the case", async ({ page, browser }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const follower = `family-${stamp.toLowerCase()}@follow.test`;
  const passport = `FW${stamp}`;
  const fullName = "Greta Lindqvist";
  const { route, points, checkpost: first } = await makeTrail(0);
  const second = await makeCheckpostAt(route.id, points[1].id);
  const end = await makeCheckpostAt(route.id, points[points.length - 1].id);
  const agency = await makeActiveUser("agency");
  const board = await makeActiveUser("ntb");
  const entry = dayFromToday(0);
  const exit = dayFromToday(2);

  // The agency registers the trek in the wizard, naming the trekker's follower.
  await signInAs(page, agency.email);
  await page.goto("/new-register");
  await hydrated(page);
  await page.getByLabel("Trekking Area").selectOption({ label: route.name });
  await page.getByLabel("Trek Entry Date").fill(entry);
  await page.getByLabel("Trek Exit Date").fill(exit);
  await page.getByLabel("Entry Point").selectOption("Besisahar");
  await page.getByLabel("Exit Point").selectOption("Jomsom");
  await fillTrekker(page, { fullName, passport, guide: true });
  await page.getByLabel("Follower e-mail").fill(follower);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/new-register\/\d+$/);
  const regId = Number(new URL(page.url()).pathname.split("/").pop());
  const invite = await waitForEmail(follower, /trek in Nepal/);
  expect(invite.subject).toContain(fullName);
  const followLink = linkIn(invite, "/follow/");

  // Paid (as a gateway's confirmed answer), then two check-ins on the trail today.
  await payRegistration(regId, { id: agency.id, userType: 2, grants: [] });
  const [card] = await cardsOf(regId);
  const trekkerId = card.trekkerId;
  for (const post of [first, second]) expect((await scanCard(post, { cardNumber: card.cardNumber!, passport, method: "typed" })).outcome).toBe("recorded");

  // The exit date passes without a check-out: the daily job (run for a day after it) raises the alert.
  await findOverdueTrekkers({ today: dayFromToday(4), trekkerIds: [trekkerId] });

  // The agency is contacting; the board escalates to rescue.
  await recordMove(page, trekkerId, "Contacting", "Called the guide's phone twice, no answer");
  await expect(page.getByTestId("case-state")).toHaveText("Contacting");
  await signInAs(page, board.email);
  await page.goto("/overdue-cases");
  await expect(page.getByRole("row").filter({ hasText: fullName })).toContainText("Contacting");
  await recordMove(page, trekkerId, "Escalate to rescue", "Helicopter search requested from Jomsom", true);
  await expect(page.getByTestId("case-state")).toHaveText("Escalated to rescue");

  // The rescue sheet's PDF, one click from the case.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Rescue sheet (PDF)" }).click();
  const file = path.join(os.tmpdir(), `rescue-${trekkerId}.pdf`);
  await (await download).saveAs(file);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  fs.rmSync(file, { force: true });
  for (const field of [
    fullName,
    passport,
    String(card.cardNumber),
    route.name,
    TRAIL[0],
    TRAIL[1],
    "Pemba Sherpa",
    "Escalated to rescue",
    "Helicopter search requested",
  ])
    expect(text, field).toContain(field);

  // The follower: told of the rescue, and their page shows the route, the dates and the two checkpoints only.
  const rescue = await waitForEmail(follower, /search has been started/);
  expect(linkIn(rescue, "/follow/")).toBe(followLink);
  const family = await browser.newContext();
  const reader = await family.newPage();
  const answer = await reader.goto(followLink);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["cache-control"]).toContain("no-store");
  // A document page (ADR 0043): no React in the follower's browser.
  await reader.waitForLoadState("load");
  expect(await reader.evaluate(() => "__remixContext" in window)).toBe(false);
  await expect(reader.getByRole("heading", { name: "Follow a Trek" })).toBeVisible();
  const trek = reader.getByTestId("follow-trek");
  await expect(trek).toContainText(route.name);
  await expect(trek).toContainText(displayDate(entry));
  await expect(trek).toContainText(displayDate(exit));
  await expect(reader.getByTestId("follow-passed").getByRole("listitem")).toHaveText([new RegExp(TRAIL[0]), new RegExp(TRAIL[1])]);
  const body = (await reader.locator("body").textContent()) ?? "";
  for (const secret of [fullName, passport, String(card.cardNumber), "Pemba Sherpa", agency.email]) expect(body).not.toContain(secret);
  expect(await reader.locator("main img").count()).toBe(0);
  expect(await axeProblems(reader)).toEqual([]);

  // The late check-out at the trail's end closes the case, and the follower hears of it.
  await signInAs(page, end.email);
  await page.goto("/scan");
  await hydrated(page);
  await page.getByLabel("Card Number").fill(String(card.cardNumber));
  await page.getByLabel("Passport Number").fill(passport);
  await page.getByRole("button", { name: "Check card" }).click();
  await expect(page).toHaveURL(`/scanned-trekker/${regId}/${trekkerId}`);
  const out = await waitForEmail(follower, /checked out/);
  expect(out.text).toContain(TRAIL[3]);
  await signInAs(page, board.email);
  await page.goto(`/overdue-cases/${trekkerId}`);
  await expect(page.getByTestId("case-state")).toHaveText("Closed");
  await expect(page.getByText("Closed by a check-in")).toBeVisible();
  await reader.goto(followLink);
  await expect(reader.getByTestId("follow-passed").getByRole("listitem")).toHaveCount(3);
  expect(await emailsTo(follower, /search has been started/)).toHaveLength(1);
  await family.close();
});

test("the follower's page shows only its own trek; a tampered or unknown link gets the not-found page", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const { route: ours } = await makeTrail(0);
  const { route: theirs } = await makeTrail(0);
  const [mine] = await trailCards(ours.id, { entry: dayFromToday(1), exit: dayFromToday(6), fields: { followerEmail: `mine-${stamp}@follow.test` } });
  const [other] = await trailCards(theirs.id, { entry: dayFromToday(2), exit: dayFromToday(9), fields: { followerEmail: `other-${stamp}@follow.test` } });
  const link = linkIn(await waitForEmail(`other-${stamp}@follow.test`, /trek in Nepal/), "/follow/");
  const mineLink = linkIn(await waitForEmail(`mine-${stamp}@follow.test`, /trek in Nepal/), "/follow/");

  await page.goto(link);
  const trek = page.getByTestId("follow-trek");
  await expect(trek).toContainText(theirs.name);
  await expect(trek).toContainText(displayDate(dayFromToday(9)));
  const body = (await page.locator("body").textContent()) ?? "";
  for (const secret of [ours.name, mine.fullName, other.fullName, other.passport, String(other.cardNumber)]) expect(body).not.toContain(secret);

  // The signature of one link under the claims of another, a changed character, and garbage.
  const [otherBody] = link.split("/follow/")[1].split(".");
  const [, mineSignature] = mineLink.split("/follow/")[1].split(".");
  const tampered = [`/follow/${otherBody}.${mineSignature}`, `${link.slice(0, -2)}${link.endsWith("xx") ? "yy" : "xx"}`, "/follow/nothing-here"];
  for (const url of tampered) {
    const answer = await page.goto(url);
    expect(answer?.status(), url).toBe(404);
    await expect(page.getByTestId("follow-not-found")).toBeVisible();
    await expect(page.getByTestId("follow-trek")).toHaveCount(0);
    const text = (await page.locator("body").textContent()) ?? "";
    for (const secret of [ours.name, theirs.name]) expect(text).not.toContain(secret);
  }
  expect(await axeProblems(page)).toEqual([]);
});

test("the registering agency stops sharing from the card page, without JavaScript; the link then gets the not-found page", async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const agency = await makeActiveUser("agency");
  const { route } = await makeTrail(0);
  const address = `stop-${stamp}@follow.test`;
  const [card] = await trailCards(route.id, { entry: dayFromToday(1), exit: dayFromToday(5), owner: agency, fields: { followerEmail: address } });
  const link = linkIn(await waitForEmail(address, /trek in Nepal/), "/follow/");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, agency.email);
  await page.goto(`/tims-cards/${card.trekkerId}`);
  await expect(page.getByTestId("follower-email")).toHaveText(address);
  await page.getByRole("link", { name: "Stop sharing" }).click();
  await expect(page.getByText(`Stop sharing this trek with ${address}?`)).toBeVisible();
  await page.getByRole("button", { name: "Stop sharing" }).click();
  await expect(page.getByText("Follower removed. Their link no longer works.")).toBeVisible();
  await expect(page.getByTestId("follower-email")).toHaveCount(0);
  expect((await page.goto(link))?.status()).toBe(404);
  // Naming a new follower sends them a new link, which works.
  await page.goto(`/tims-cards/${card.trekkerId}`);
  await page.getByLabel("Follower e-mail").fill(`again-${stamp}@follow.test`);
  await page.getByRole("button", { name: "Save follower" }).click();
  await expect(page.getByTestId("follower-email")).toHaveText(`again-${stamp}@follow.test`);
  const fresh = linkIn(await waitForEmail(`again-${stamp}@follow.test`, /trek in Nepal/), "/follow/");
  expect((await page.goto(fresh))?.status()).toBe(200);
  await context.close();
});
