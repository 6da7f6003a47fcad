import crypto from "node:crypto";
import sharp from "sharp";
import { expect, test, type Page, type Request } from "@playwright/test";
import { makeUser } from "./support/data";
import { fillTrek, fillTrekker, makeRoute, yearsAgo } from "./support/registration";
import { hydrated } from "./support/session";
import { watchForText } from "./support/toast-seen";
import { signInAs } from "./support/auth-cookie";
import { unpaidRegistration } from "./support/paid";

const KB = 1024;

/**
 * A phone-sized photo: 4000x3000 JPEG of at least 6 MB (a gradient under enough noise that JPEG
 * cannot squeeze it), as a 12-megapixel camera writes them.
 */
async function phonePhoto(): Promise<Buffer> {
  const w = 4000;
  const h = 3000;
  for (let amp = 80; ; amp += 10) {
    const raw = crypto.randomBytes(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        const base = [(x * 255) / w, (y * 255) / h, 128];
        for (let c = 0; c < 3; c++) raw[i + c] = Math.max(0, Math.min(255, base[c] + (raw[i + c] / 255 - 0.5) * amp));
      }
    }
    const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (jpeg.length >= 6_000_000) return jpeg;
  }
}

/** Mean brightness (0-255) of a part of the page, from a screenshot. */
async function brightness(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = await page.screenshot({ clip });
  const { channels } = await sharp(png).stats();
  return (channels[0].mean + channels[1].mean + channels[2].mean) / 3;
}

/** Bytes of every multipart POST the page sends to the wizard's first step. */
function recordUploads(page: Page): number[] {
  const sizes: number[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/new-register")) {
      sizes.push(request.postDataBuffer()?.length ?? 0);
    }
  });
  return sizes;
}

/**
 * Submits over a slow 3G-like upload (so the progress has time to show) a form the server refuses
 * with `message`: the scaled photo went up once, under 300 KB, and is still chosen afterwards.
 */
async function refusedOnSlowLink(page: Page, button: string, message: string, uploads: number[], attachedSize: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 200, downloadThroughput: 200 * KB, uploadThroughput: 40 * KB });
  await page.getByRole("button", { name: button }).click();
  // The photo is scaled in the page before it is sent: on a loaded machine that alone takes seconds.
  await expect(page.getByText(/Uploading… \d+%/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();

  await expect(page.getByText(message)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Uploading…/)).toHaveCount(0);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toBeLessThan(300 * KB);
  // Still attached: shown, and still in the input.
  await expect(page.getByTestId("photo-to-upload")).toContainText("IMG_4032.jpg");
  await expect(page.getByText("Please choose the photo again")).toHaveCount(0);
  expect(await page.locator('input[name="photo"]').evaluate((el: HTMLInputElement) => el.files?.[0]?.size ?? 0)).toBe(attachedSize);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

async function openWizard(page: Page) {
  const route = await makeRoute("Photo Trek");
  const fit = await makeUser({ userType: 1 });
  await signInAs(page, fit.email);
  await page.goto("/new-register");
  await hydrated(page);
  await fillTrek(page, route.name);
  await fillTrekker(page, { fullName: "Pema Lama" }, { photo: false });
}

test("a 6 MB phone photo is scaled in the browser, uploads with progress, and stays attached after a server error", async ({ page }) => {
  test.setTimeout(120_000);
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThanOrEqual(6_000_000);
  await openWizard(page);
  const uploads = recordUploads(page);

  await page.getByLabel("Photo").setInputFiles({ name: "IMG_4032.jpg", mimeType: "image/jpeg", buffer: photo });
  const ready = page.getByTestId("photo-to-upload");
  await expect(ready).toContainText("IMG_4032.jpg");
  await expect(ready).toContainText("ready to upload");
  await expect(ready.getByRole("img", { name: "Photo to upload" })).toBeVisible();
  const attached = await page.locator('input[name="photo"]').evaluate((el: HTMLInputElement) => {
    const f = el.files?.[0];
    return f ? { size: f.size, type: f.type, name: f.name } : null;
  });
  expect(attached).toMatchObject({ type: "image/jpeg", name: "IMG_4032.jpg" });
  expect(attached!.size).toBeLessThan(300 * KB);

  // A rule only the server knows: an entry point that is not on the chosen route.
  await page.locator('select[name="entryPoint"]').evaluate((select: HTMLSelectElement) => select.add(new Option("Nowhere", "Nowhere")));
  await page.getByLabel("Entry Point").selectOption("Nowhere");

  await refusedOnSlowLink(page, "Next", "Choose a point on the selected trekking route", uploads, attached!.size);
  await page.getByLabel("Entry Point").selectOption("Besisahar");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Trek detail added successfully.")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/new-register\/\d+$/);
  expect(uploads).toHaveLength(2);
  expect(uploads[1]).toBeLessThan(300 * KB);

  // The server stored the photo it received (square, 400 px).
  const src = await page.getByRole("img", { name: "Photo of Pema Lama" }).first().getAttribute("src");
  const stored = await page.request.get(src!);
  expect(stored.status()).toBe(200);
  const meta = await sharp(await stored.body()).metadata();
  expect([meta.width, meta.height]).toEqual([400, 400]);
});

test("Add Trekker on the review page, without React: checked by the server as fields are left, a 6 MB photo uploads scaled with progress and stays after a server error", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const photo = await phonePhoto();
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email);
  await page.goto(`/new-register/${regId}`);
  await page.getByRole("link", { name: "Add Trekker" }).click();
  await expect(page).toHaveURL(/edit=add/);
  // A document page (ADR 0043): the document script only, its cropper loaded as the page has a photo input.
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
  const scripts = await page.locator("script[src]").evaluateAll((all) => all.map((s) => new URL((s as HTMLScriptElement).src).pathname));
  expect(scripts).toEqual([expect.stringMatching(/^\/page-script\/document\.[A-Za-z0-9_-]+\.js$/)]);
  await hydrated(page);
  const uploads = recordUploads(page);

  // Left with a wrong value: the server's schema answers, before Done.
  const checks: string[] = [];
  page.on("request", (r) => void (r.method() === "POST" && r.url().includes("/form-check/") && checks.push(new URL(r.url()).pathname)));
  const fullName = page.getByLabel("Full Name");
  await fullName.fill("R2D2");
  await fullName.blur();
  await expect(page.locator("#add-trekker-fullName-error")).toHaveText("Only text allowed");
  expect(checks[0]).toBe("/form-check/registration.trekkerSchema");
  await fullName.fill("Pema Lama");
  await expect(page.locator("#add-trekker-fullName-error")).toHaveCount(0);

  // A rule the submit refuses: a Normal trekker younger than 10.
  await fillTrekker(page, { fullName: "Pema Lama", dob: yearsAgo(8) }, { photo: false });
  await page.getByLabel("Photo").setInputFiles({ name: "IMG_4032.jpg", mimeType: "image/jpeg", buffer: photo });
  const ready = page.getByTestId("photo-to-upload");
  await expect(ready).toContainText("ready to upload");
  const attached = await page.locator('input[name="photo"]').evaluate((el: HTMLInputElement) => el.files?.[0]?.size ?? 0);
  expect(attached).toBeGreaterThan(0);
  expect(attached).toBeLessThan(300 * KB);

  await refusedOnSlowLink(page, "Done", "Please select type Child for age below 10 years.", uploads, attached);
  await page.getByLabel("Trekker Type").selectOption({ label: "Child" });
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Trekker added successfully.")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/new-register/${regId}$`));
  expect(uploads).toHaveLength(2);
  const src = await page.getByRole("img", { name: "Photo of Pema Lama" }).first().getAttribute("src");
  const meta = await sharp(await (await page.request.get(src!)).body()).metadata();
  expect([meta.width, meta.height]).toEqual([400, 400]);
});

test("on a phone: a file that is not an image is refused at once, and the crop box does not dim the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWizard(page);
  const uploads = recordUploads(page);

  await page.getByLabel("Photo").setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("GIF89a not really a jpeg ".repeat(100)) });
  await expect(page.getByText("Only .jpg, .png and pdf extensions allowed")).toBeVisible();
  expect(await page.locator('input[name="photo"]').evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  expect(uploads).toHaveLength(0);

  const heading = page.getByRole("heading", { name: "Trekker Details" });
  await heading.scrollIntoViewIfNeeded();
  const box = (await heading.boundingBox())!;
  const clip = { x: 0, y: box.y, width: 390, height: box.height };
  const before = await brightness(page, clip);

  const small = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  await page.getByLabel("Photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: small });
  await expect(page.getByTestId("photo-to-upload")).toContainText("ready to upload");
  await expect(page.getByText("Only .jpg, .png and pdf extensions allowed")).toHaveCount(0);
  await expect(page.getByTestId("crop-box")).toBeVisible();
  // The heading sits outside the photo: its shade (the crop box's shadow) must not reach it.
  const after = await brightness(page, { ...clip, y: (await heading.boundingBox())!.y });
  expect(Math.abs(after - before)).toBeLessThan(3);
  // No horizontal page scroll at 390 px with the photo shown.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("every file upload shows its progress: the account photo uploads with progress and lands with its toast", async ({ page }) => {
  const user = await makeUser({ userType: 1 });
  await signInAs(page, user.email);
  await page.goto("/account-settings/photo");
  await hydrated(page);
  const picture = await sharp(crypto.randomBytes(500 * 400 * 3), { raw: { width: 500, height: 400, channels: 3 } })
    .png()
    .toBuffer();
  await page.locator('input[name="photo"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 200, downloadThroughput: 200 * KB, uploadThroughput: 100 * KB });
  const toastSeen = await watchForText(page, "Profile photo successfully updated");
  await page.getByRole("button", { name: "Upload" }).click();
  // The picture is read and checked in the page before it is sent: on a loaded machine that alone takes seconds.
  await expect(page.getByText(/Uploading… \d+%/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(toastSeen, { timeout: 30_000 }).toBe(true);
  await expect(page).toHaveURL(/\/account-settings$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server crops the centre square of the original", async ({ page }) => {
    const route = await makeRoute("Photo Trek");
    const fit = await makeUser({ userType: 1 });
    await signInAs(page, fit.email);
    await page.goto("/new-register");
    await fillTrek(page, route.name);
    await fillTrekker(page, { fullName: "Nojs Photo" }, { photo: false });
    // 1200x800: a green centre square (x 200-1000) between red strips.
    const red = { r: 220, g: 20, b: 20 };
    const green = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 20, g: 200, b: 20 } } })
      .png()
      .toBuffer();
    const original = await sharp({ create: { width: 1200, height: 800, channels: 3, background: red } })
      .composite([{ input: green, left: 200, top: 0 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    await page.getByLabel("Photo").setInputFiles({ name: "wide.jpg", mimeType: "image/jpeg", buffer: original });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Trek detail added successfully.")).toBeVisible();

    const src = await page.getByRole("img", { name: "Photo of Nojs Photo" }).first().getAttribute("src");
    const stored = await page.request.get(src!);
    const image = sharp(await stored.body());
    expect(await image.metadata()).toMatchObject({ width: 400, height: 400 });
    const { channels } = await image.stats();
    // All green: no red strip made it into the crop.
    expect(channels[1].min).toBeGreaterThan(150);
    expect(channels[0].max).toBeLessThan(90);
  });
});
