// Issue 12, items 6, 7, 8 and two of 10: an agency finds its cards after a voucher, TAAN and the
// board reach the cards they act on, an onboarding agency opens its own documents, trekking
// history names its trekkers, no page scrolls sideways at 390 px, Delete User is hidden on a
// checkpost's view and the voucher panel closes after a decision.
import { expect, test, type Page } from "@playwright/test";
import { applyCardAction } from "@modules/cards/index.server";
import { getAgencyRequest } from "@modules/agencies/index.server";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { signInAs } from "./support/auth-cookie";
import { makePdf, makePng } from "./support/files";
import { linkIn, waitForEmail } from "./support/outbox";
import { cardsOf, statusOf } from "./support/paid";
import { makeUser, uniqueEmail } from "./support/data";
import { makeActiveUser } from "./support/roles";
import { hydrated } from "./support/session";

const PHONE = { width: 390, height: 844 };

async function newPage(page: Page, who: string): Promise<Page> {
  const other = await (await page.context().browser()!.newContext()).newPage();
  await signInAs(other, who);
  return other;
}

test("an agency pays by voucher, the board approves, the agency opens the e-mailed registration and downloads each card", async ({ page }) => {
  test.setTimeout(150_000);
  const agency = await makeActiveUser("agency");
  const route = await makeRoute("Voucher Cards");
  const { regId } = await makeRegistration(agency, route.id, { trekkers: ["Anna Keller", "Jonas Keller"] });

  await signInAs(page, agency.email);
  await page.goto(`/new-register/${regId}/payment?tab=voucher`);
  await hydrated(page);
  await page.getByLabel("Voucher").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: makePng(60, 40) });
  await page.getByRole("button", { name: "Submit Voucher" }).click();
  // The page after the upload says the voucher arrived, not "there is nothing to pay".
  await expect(page.getByTestId("voucher-pending")).toHaveText("Your voucher has been received. It will be verified within 1 or 2 business days.");
  await expect(page.getByTestId("not-payable")).toHaveCount(0);
  // Nothing is payable now, so the note about waiting between payments is gone (issue 26).
  await expect(page.getByText("Please wait 10-15 minutes between payments.")).toHaveCount(0);
  expect(await statusOf(regId)).toBe("Pending");
  await page.goto(`/new-register/${regId}`);
  await expect(page.getByTestId("voucher-pending")).toBeVisible();

  // The board decides; the panel closes and the list shows the toast.
  const board = await newPage(page, "ntb@tims.test");
  await board.goto("/requests/vouchers?status=Pending");
  await board.getByRole("row").filter({ hasText: route.name }).getByRole("link").first().click();
  await expect(board.getByRole("dialog", { name: "Voucher" })).toBeVisible();
  await board.getByLabel("Voucher Ref No").fill("NIC-5521");
  await board.getByRole("button", { name: "Approve" }).click();
  await expect(board.getByText("Voucher updated successfully")).toBeVisible();
  await expect(board).toHaveURL(/\/requests\/vouchers\?status=Pending$/);
  await expect(board.getByRole("dialog", { name: "Voucher" })).toHaveCount(0);

  // The agency follows the e-mail's link and finds every card, its page and its PDF.
  const mail = await waitForEmail(agency.email, /approved/);
  const link = linkIn(mail, `/new-register/${regId}`);
  await page.goto(link);
  const cards = await cardsOf(regId);
  expect(cards).toHaveLength(2);
  for (const card of cards) {
    expect(Number.isInteger(card.cardNumber)).toBe(true);
    await expect(page.getByTestId(`card-number-${card.trekkerId}`)).toHaveText(String(card.cardNumber));
    await expect(page.getByRole("link", { name: `View card ${card.cardNumber} of ${card.fullName}` })).toHaveAttribute("href", `/tims-cards/${card.trekkerId}`);
    const pdf = page.getByRole("link", { name: `Download PDF of card ${card.cardNumber} of ${card.fullName}` });
    const href = (await pdf.getAttribute("href"))!;
    expect(href).toBe(`/tims-cards/${card.trekkerId}/pdf`);
    // PDFs are made by a job: the link answers "being prepared" until the file is ready.
    await expect.poll(async () => (await page.request.get(href)).headers()["content-type"], { timeout: 60_000 }).toBe("application/pdf");
    const response = await page.request.get(href);
    expect(response.headers()["content-disposition"]).toContain(`${card.fullName}.pdf`);
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }
  await page.getByRole("link", { name: `View card ${cards[0].cardNumber} of ${cards[0].fullName}` }).click();
  await expect(page.getByTestId("card-number")).toHaveText(String(cards[0].cardNumber));
});

test("TAAN opens a member agency's returned card and approves the return; the board opens a card's panel", async ({ page }) => {
  const owner = await makeActiveUser("agency");
  const route = await makeRoute("Return Decide");
  const { trekkerIds } = await issuedCards(owner, await makeCardGenerator(), route.id, { count: 2 });
  await applyCardAction(owner, "return", trekkerIds[0], "Trek postponed");

  const taan = await makeActiveUser("taan");
  await signInAs(page, taan.email);
  const opened = await page.goto(`/tims-cards/${trekkerIds[0]}`);
  expect(opened?.status()).toBe(200);
  await expect(page.getByTestId("card-status")).toHaveText("Returned");
  await page.getByRole("link", { name: "Approve Return" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Card status updated successfully")).toBeVisible();
  // TAAN's rows do not open the side panel (spec 2 §6).
  expect((await page.request.get(`/tims-cards/${trekkerIds[1]}/panel`)).status()).toBe(403);

  const board = await newPage(page, (await makeActiveUser("ntb")).email);
  const panel = await board.goto(`/tims-cards/${trekkerIds[1]}/panel`);
  expect(panel?.status()).toBe(200);
  await expect(board.getByRole("dialog")).toContainText("Background");
  await board.getByRole("dialog").getByRole("link", { name: "TIMS Card", exact: true }).click();
  await expect(board.getByTestId("card-qr")).toBeVisible();
  // The list itself stays the free trekker's (spec 2 §6).
  expect((await board.request.get("/tims-cards")).status()).toBe(403);
  // Someone else's card stays hidden from a free trekker.
  const stranger = await newPage(page, (await makeActiveUser("fit")).email);
  expect((await stranger.goto(`/tims-cards/${trekkerIds[1]}/panel`))?.status()).toBe(404);
});

test("an onboarding agency opens its own uploaded document, not another agency's", async ({ page }) => {
  const name = `Onboarding Docs ${Date.now()}`;
  const agency = await makeUser({
    userType: 2,
    fullName: name,
    organizationName: name,
    email: uniqueEmail("agency"),
    panNumber: "300000001",
    contactNo: "9800000000",
    contactAddress: "Thamel",
    countryId: 524,
  });
  await signInAs(page, agency.email, { land: true });
  const slots = ["Company Registration Document", "VAT/PAN", "DOT", "Tax clearance", "TAAN Renewal"];
  for (const [i, label] of slots.entries()) {
    await page
      .getByLabel(label)
      .setInputFiles(
        i === 0
          ? { name: "registration.pdf", mimeType: "application/pdf", buffer: makePdf("Company registration") }
          : { name: `doc-${i}.png`, mimeType: "image/png", buffer: makePng() },
      );
  }
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Document Received!" })).toBeVisible();
  const documents = (await getAgencyRequest(agency.id))!.documentsByDate.flatMap((g) => g.documents);
  const pdf = documents.find((d) => d.fileName === "registration.pdf")!;
  const own = await page.request.get(`/requests/${agency.id}/documents/${pdf.id}`, { maxRedirects: 0 });
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("application/pdf");
  expect((await own.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // Another agency's document path is still an onboarding redirect, never the file.
  const other = await makeActiveUser("agency");
  const foreign = await page.request.get(`/requests/${other.id}/documents/${pdf.id}`, { maxRedirects: 0 });
  expect(foreign.status()).toBe(302);
  expect(foreign.headers()["location"]).toBe("/upload-documents-status/sent");
});

test("trekking history names each trekker of a family's registration", async ({ page }) => {
  const fit = await makeActiveUser("fit");
  const route = await makeRoute("Family Trek");
  await makeRegistration(fit, route.id, { trekkers: ["Mira Sherpa", "Tenzing Sherpa", "Pema Sherpa"] });
  await signInAs(page, fit.email);
  await page.goto("/trekking-history");
  for (const name of ["Mira Sherpa", "Tenzing Sherpa", "Pema Sherpa"]) {
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("link", { name: `View the TIMS card of ${name}` })).toBeVisible();
  }
});

test.describe("at 390×844", () => {
  test.use({ viewport: PHONE });

  async function noSideScroll(page: Page, url: string) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBeLessThan(400);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${url} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  }

  test("list pages never scroll sideways, for every role", async ({ page }) => {
    test.setTimeout(120_000);
    const fit = await makeActiveUser("fit");
    const route = await makeRoute("Phone Width Trek With A Rather Long Name");
    const { trekkerIds } = await issuedCards(fit, await makeCardGenerator(), route.id, { count: 2 });
    await makeRegistration(fit, route.id, { trekkers: ["Unpaid Trekker With A Long Name"] });
    const pages: Record<string, string[]> = {
      fit: ["/trekking-history", `/trekking-history/${trekkerIds[0]}`, "/tims-cards", `/tims-cards/${trekkerIds[0]}/panel`, "/route", "/account-settings"],
      agency: ["/trekkers", "/route", "/account-settings"],
      ntb: [
        "/users",
        "/users?tab=taan",
        "/users?tab=agency",
        "/users?tab=checkpost",
        "/requests",
        "/requests/vouchers",
        "/route",
        "/trekkers",
        "/dashboard",
        `/tims-cards/${trekkerIds[0]}`,
      ],
      checkpost: ["/route", "/trekkers", "/account-settings"],
      taan: ["/users", "/users?tab=agency", "/users?tab=checkpost", "/requests", "/route", "/trekkers", "/dashboard", `/tims-cards/${trekkerIds[0]}`],
    };
    for (const [role, urls] of Object.entries(pages)) {
      await page.context().clearCookies();
      await signInAs(page, role === "fit" ? fit.email : (await makeActiveUser(role as "agency" | "ntb" | "checkpost" | "taan")).email);
      for (const url of urls) await noSideScroll(page, url);
    }
  });

  test("the payment tabs are fully visible", async ({ page }) => {
    const payer = await makeActiveUser("agency");
    const route = await makeRoute("Phone Pay");
    const { regId } = await makeRegistration(payer, route.id, { trekkers: ["Anna Keller"] });
    await signInAs(page, payer.email);
    await noSideScroll(page, `/new-register/${regId}/payment`);
    const tabs = page.getByRole("navigation", { name: "Payment options" }).getByRole("link");
    expect(await tabs.count()).toBeGreaterThanOrEqual(2);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // Nothing is clipped inside the link either.
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await expect(page.getByRole("link", { name: "Cash/Voucher Deposit" })).toBeInViewport({ ratio: 1 });
  });
});

test("a checkpost's account view has no Delete User; an agency's has", async ({ page }) => {
  const checkpost = await makeActiveUser("checkpost");
  const agency = await makeActiveUser("agency");
  await signInAs(page, (await makeActiveUser("ntb")).email);
  await page.goto(`/users/checkpost/${checkpost.id}`);
  await expect(page.getByText("Update Checkpost Information")).toBeVisible();
  await expect(page.getByText("Delete User")).toHaveCount(0);
  expect((await page.request.get(`/users/checkpost/${checkpost.id}/delete`)).status()).toBe(403);
  expect((await page.request.post(`/users/checkpost/${checkpost.id}/delete`, { form: {} })).status()).toBe(403);
  await page.goto(`/users/trekking-agency/${agency.id}`);
  await expect(page.getByText("Delete User")).toBeVisible();
});
