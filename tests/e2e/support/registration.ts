import { expect, type Page } from "@playwright/test";
import { createRoute } from "@modules/trek-routes/index.server";
import { kathmanduDate } from "@lib/dates";
import { makePng } from "./files";

export function dayFromToday(days: number): string {
  const d = new Date(`${kathmanduDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function yearsAgo(years: number): string {
  const today = kathmanduDate();
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

/** Each test gets its own route, so disabling or editing routes elsewhere never affects it. */
export async function makeRoute(prefix = "Test Trek") {
  const name = `${prefix} ${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const id = await createRoute({
    name,
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: [{ name: "Chame" }, { name: "Manang" }],
    description: "<p>Test route</p>",
  });
  return { id, name };
}

export interface TrekkerData {
  fullName: string;
  type?: "Normal" | "Child";
  nationality?: string;
  dob?: string;
  email?: string;
  passport?: string;
  guide?: boolean;
}

export async function fillTrekker(scope: Page, t: TrekkerData, opts: { photo?: boolean } = { photo: true }) {
  const form = scope
    .locator("form")
    .filter({ has: scope.getByLabel("Full Name") })
    .first();
  if (opts.photo !== false) await form.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: makePng(300, 240) });
  await form.getByLabel("Full Name").fill(t.fullName);
  await form.getByLabel("Trekker Type").selectOption({ label: t.type ?? "Normal" });
  await form.getByLabel("Nationality").selectOption({ label: t.nationality ?? "Germany" });
  await form.getByRole("textbox", { name: "City", exact: true }).fill("Berlin");
  await form.getByLabel("Gender").selectOption({ label: "Female" });
  await form.getByLabel("Date of Birth").fill(t.dob ?? "1990-04-01");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(t.email ?? "trekker@example.com");
  await form.getByLabel(/^Passport Number/).fill(t.passport ?? "C01X00T47");
  await form.getByLabel("Policy Type").fill("Trekking and rescue");
  if (t.guide) {
    await form.getByLabel("Guide Name").fill("Pemba Sherpa");
    await form.getByLabel("Guide ID").fill("G-1234");
    await form.getByLabel("Guide Contact").fill("9851012345");
  }
}

export async function fillTrek(page: Page, routeName: string) {
  await page.getByLabel("Trekking Area").selectOption({ label: routeName });
  await page.getByLabel("Trek Entry Date").fill(dayFromToday(10));
  await page.getByLabel("Trek Exit Date").fill(dayFromToday(20));
  await page.getByLabel("Entry Point").selectOption("Besisahar");
  await page.getByLabel("Exit Point").selectOption("Jomsom");
}

export async function total(page: Page) {
  return (await page.getByTestId("total").textContent())?.trim();
}

export async function expectTotal(page: Page, text: string) {
  await expect(page.getByTestId("total")).toHaveText(text);
}
