// Issue 26, item 10: an upload over its size is refused in the browser as it is chosen, before a
// byte is sent (the server refuses a declared length over the limit before reading); a refused
// voucher's error goes once another file is chosen.
import { expect, test } from "@playwright/test";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { signInAs } from "./support/auth-cookie";
import { makePng } from "./support/files";
import { makeActiveUser } from "./support/roles";
import { hydrated } from "./support/session";

const TOO_LARGE = "The file size should not be more than 2MB.";

test("a voucher over 2 MB is refused as it is chosen and nothing is sent; a server refusal goes with the next file", async ({ page }) => {
  const agency = await makeActiveUser("agency");
  const route = await makeRoute("Upload Checks");
  const { regId } = await makeRegistration(agency, route.id, { trekkers: ["Size Check"] });
  await signInAs(page, agency.email);
  await page.goto(`/new-register/${regId}/payment?tab=voucher`);
  await hydrated(page);

  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const voucher = page.getByLabel("Voucher");
  await voucher.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 10, 1) });
  await expect(page.getByText(TOO_LARGE)).toBeVisible();
  await page.getByRole("button", { name: "Submit Voucher" }).click();
  await expect(page.getByText(TOO_LARGE)).toBeVisible();
  expect(posts).toEqual([]);

  // A file the server refuses by its content, then a good one: the refusal is gone.
  await voucher.setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: Buffer.from("not an image at all, only text") });
  await expect(page.getByText(TOO_LARGE)).toHaveCount(0);
  await page.getByRole("button", { name: "Submit Voucher" }).click();
  const refusal = page.getByText("Only .jpg, .png and pdf extensions allowed");
  await expect(refusal).toBeVisible();
  await page.getByLabel("Voucher").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: makePng(60, 40) });
  await expect(refusal).toHaveCount(0);
});
