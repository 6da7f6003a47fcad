import { expect, type Page } from "@playwright/test";
import { linkIn, waitForEmail } from "./outbox";

export const NEW_PASSWORD = "Fresh#Pass26";
export const PASSWORD_RULE_MESSAGE =
  "Password must have at least 8 characters, upper and lower case letters, a number and one of #?!@$%^&*-";

/** Follows the newest e-mailed link to `path` sent to `address` (path and query only, same server). */
export async function followMailedLink(page: Page, address: string, subject: RegExp, path: string, count = 1): Promise<string> {
  const mail = await waitForEmail(address, subject, count);
  const url = new URL(linkIn(mail, path));
  await page.goto(`${url.pathname}${url.search}`);
  return `${url.pathname}${url.search}`;
}

/** A real PNG header padded to `size` bytes: what the upload check sniffs. */
export function pngBuffer(size = 2048): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

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
