// E-mails in the reader's language and Bikram Sambat dates on Nepali pages (issue 28, items 3
// and 4; docs/decisions.md "E-mails and PDFs in the reader's language"): the stored language of
// the recipient wins over the page the e-mail was asked from; without one, the page's language.
import { expect, test, type Page } from "@playwright/test";
import { displayDate, kathmanduDate, setBsWriter } from "@lib/dates";
import { bsDateNepali } from "@lib/nepali-calendar/compact";
import { setUserLanguage } from "@modules/users/index.server";
import { makeUser } from "./support/data";
import { signInAs } from "./support/auth-cookie";
import { waitForEmail } from "./support/outbox";
import { makeRoleUser } from "../factories/users";

/** The forgot-password form, found by its field rather than its words (they change with the language). */
async function askForResetLink(page: Page, email: string) {
  await page.goto("/forgot-password");
  const form = page.locator("form", { has: page.locator('input[name="email"]') });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/check-mail/);
}

test("a Nepali user's reset e-mail is in Nepali, though asked for from an English page", async ({ page }) => {
  const user = await makeUser({ fullName: "Pemba Sherpa" });
  await setUserLanguage(user.id, "ne");
  await askForResetLink(page, user.email);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const mail = await waitForEmail(user.email, /TIMS/);
  expect(mail.subject).toBe("आफ्नो TIMS पासवर्ड रिसेट गर्नुहोस्");
  expect(mail.text).toContain("आदरणीय Pemba Sherpa,");
  expect(mail.text).toContain("यो लिङ्क १ घण्टामा समाप्त हुन्छ।");
  expect(mail.text).not.toContain("Reset your TIMS password");
  expect(mail.html).toContain('<html lang="ne">');
  expect(mail.text).toMatch(/\/create-new-password\?token=/);
});

test.describe("a browser set to French", () => {
  // The browser's locale is what Chromium sends as Accept-Language.
  test.use({ locale: "fr-FR" });

  test("without a stored language the e-mail is in the language of the page it was asked from", async ({ page }) => {
    const user = await makeUser({ fullName: "Zoë Müller" });
    await askForResetLink(page, user.email);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const mail = await waitForEmail(user.email, /TIMS/);
    expect(mail.subject).toBe("Réinitialisez votre mot de passe TIMS");
    expect(mail.text).toContain("Bonjour Zoë Müller,");
    expect(mail.text).toContain("Le lien expire dans 1 heure.");
  });
});

test("a Nepali staff page shows the Bikram Sambat date beside the Gregorian", async ({ page }) => {
  const agency = await makeRoleUser("agency", { organizationName: "Himalayan Treks & Expeditions" });
  const staff = await makeRoleUser("ntb");
  await setUserLanguage(staff.id, "ne");
  await signInAs(page, staff.email);
  await page.goto(`/requests/${agency.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ne");
  // The agency was made today: today's date in BS, in Nepali, then the Gregorian in brackets.
  setBsWriter(bsDateNepali); // as the server does at start
  const shown = displayDate(kathmanduDate(), "ne");
  expect(shown).toMatch(/^[०-९]{4} \S+ [०-९]{1,2} \(\d{4}-\d{2}-\d{2}\)$/);
  await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
});
