import { expect, type Page } from "@playwright/test";
import { linkIn, waitForEmail } from "./outbox";
import { pngImage } from "./routes-images";

export const NEW_PASSWORD = "Fresh#Pass26";
export const PASSWORD_RULE_MESSAGE = "Password must have at least 8 characters, upper and lower case letters, a number and one of #?!@$%^&*-";

/** Follows the newest e-mailed link to `path` sent to `address` (path and query only, same server). */
export async function followMailedLink(page: Page, address: string, subject: RegExp, path: string, count = 1): Promise<string> {
  const mail = await waitForEmail(address, subject, count);
  const url = new URL(linkIn(mail, path));
  await page.goto(`${url.pathname}${url.search}`);
  return `${url.pathname}${url.search}`;
}

/** A real PNG of about `size` bytes (a comment pads it): stored images are decoded and written again. */
export const pngBuffer = (size = 2048): Buffer => pngImage([40, 120, 200], size);

export async function fillPasswords(page: Page, password: string, confirm = password, label = "Password"): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(confirm);
}

export interface OrganizationData {
  organizationName: string;
  panNumber: string;
  contactPerson: string;
  contactNo: string;
  contactAddress: string;
  email: string;
  password: string;
}

/** A valid organisation sign-up with this e-mail. */
export const organization = (email: string): OrganizationData => ({
  organizationName: "Summit Treks",
  panNumber: "309876543",
  contactPerson: "Mingma Sherpa",
  contactNo: "9801234567",
  contactAddress: "Thamel, Kathmandu",
  email,
  password: "Summit#Trek1",
});

export async function fillOrganization(page: Page, d: OrganizationData): Promise<void> {
  await page.getByLabel("Organization Name").fill(d.organizationName);
  await page.getByLabel("PAN Number").fill(d.panNumber);
  await page.getByLabel("Contact Person").fill(d.contactPerson);
  await page.getByLabel("Contact Number").fill(d.contactNo);
  await page.getByLabel("Address", { exact: true }).fill(d.contactAddress);
  await page.getByLabel("Email").fill(d.email);
  await fillPasswords(page, d.password);
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}
