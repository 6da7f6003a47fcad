// Issue 15, the camera path: Chromium's fake camera is fed a Y4M file showing the card's QR, the
// checkpost presses 'Scan QR', the page reads a frame, checks the trekker in and opens the scanned
// trekker. 'Cancel Scan QR' stops the camera (shown on a blank feed, so nothing races it). The browser is launched here, not by the
// project, because the fake camera's file is a launch flag.
import { writeFile } from "node:fs/promises";
import QRCode from "qrcode";
import sharp from "sharp";
import { chromium, devices, expect, test, type Page, type TestInfo } from "@playwright/test";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";

test.describe.configure({ timeout: 120_000 });

const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M (YUV 4:2:0, BT.601 full range) video of `frames` frames: the QR centred on white, or white alone. */
async function cameraVideo(text: string | null, frames = 5): Promise<Buffer> {
  const white = sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#ffffff" } });
  const composed = text
    ? white.composite([
        {
          input: await sharp(await QRCode.toBuffer(text, { width: 480, margin: 8 }))
            .resize({ height: HEIGHT - 40, fit: "inside" })
            .png()
            .toBuffer(),
          gravity: "centre",
        },
      ])
    : white;
  const { data: rgb } = await composed.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const i = (row * WIDTH + col) * 3;
      y[row * WIDTH + col] = clamp(0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2]);
    }
  }
  for (let row = 0; row < HEIGHT / 2; row++) {
    for (let col = 0; col < WIDTH / 2; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]) {
        const i = ((row * 2 + dy) * WIDTH + col * 2 + dx) * 3;
        r += rgb[i];
        g += rgb[i + 1];
        b += rgb[i + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[row * (WIDTH / 2) + col] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[row * (WIDTH / 2) + col] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, u, v]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array(frames).fill(frame)]);
}

/**
 * Chromium's fake camera is a launch flag, so each feed is its own browser. The toggle runs on a
 * blank feed: with the card's feed, under the whole suite's load the code was read before Cancel
 * could be clicked (the test raced the camera).
 */
async function withCamera(
  testInfo: TestInfo,
  name: string,
  qrText: string | null,
  baseURL: string | undefined,
  email: string,
  run: (page: Page) => Promise<void>,
) {
  const video = testInfo.outputPath(`${name}.y4m`);
  await writeFile(video, await cameraVideo(qrText));
  // The project's launch options (playwright.config.ts), plus the fake camera fed from the file.
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const { defaultBrowserType: _type, ...desktop } = devices["Desktop Chrome"];
    const context = await browser.newContext({ ...desktop, baseURL, permissions: ["camera"] });
    await signInAs(context, email);
    const page = await context.newPage();
    await run(page);
    await context.close();
  } finally {
    await browser.close();
  }
}

test("Cancel Scan QR stops the camera; the camera reads the card's QR and checks the trekker in", async ({ baseURL }, testInfo) => {
  const { route, points, checkpost } = await makeTrail(1);
  const [card] = await trailCards(route.id, { entry: inDays(0), exit: inDays(5) });

  // A blank feed: nothing can be read, so the toggle's states are the page's alone.
  await withCamera(testInfo, "blank", null, baseURL, checkpost.email, async (page) => {
    await page.goto("/scan");
    await expect(page.getByText(`Checking in at ${points[1].name}`)).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Scan QR", exact: true }).click();
    // The camera is running (its video is playing) before Cancel is pressed.
    await expect(page.getByTestId("camera").locator("video")).toBeVisible({ timeout: 20_000 });
    const cancel = page.getByRole("button", { name: "Cancel Scan QR" });
    await cancel.click();
    await expect(page.getByRole("button", { name: "Scan QR", exact: true })).toBeVisible();
    await expect(page.getByTestId("camera")).toBeHidden();
    await expect(page).toHaveURL("/scan");
  });

  // The card's feed: the code is read and the page moves on (no intermediate state to assert).
  await withCamera(testInfo, "card-qr", card.qr, baseURL, checkpost.email, async (page) => {
    await page.goto("/scan");
    await expect(page.getByText(`Checking in at ${points[1].name}`)).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Scan QR", exact: true }).click();
    await expect(page).toHaveURL(`/scanned-trekker/${card.regId}/${card.trekkerId}`, { timeout: 30_000 });
    await expect(page.getByText("Scanned Successfully", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: card.fullName }).first()).toBeVisible();
    await expect(page.getByTestId("trail").getByText(points[1].name)).toBeVisible();
  });
});
