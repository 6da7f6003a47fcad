// A passport already holding a card for overlapping dates: the registration's page warns before
// payment (modules/registration/overlaps.server.ts), naming the other card only to its owner.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { inDays } from "../factories/dates";
import { makeRegistration, makeRoute, person, trek } from "../factories/registrations";
import { makeUser } from "../factories/users";
import { signInAs } from "./support/auth-cookie";

test("an agency registering a passport that already holds a card for those days is warned on the registration's page", async ({ page }) => {
  const route = await makeRoute("Twice");
  const passport = `TW${Date.now()}`;
  const fit = await makeUser({ userType: 1, fullName: "Lhamo Twice" });
  const agency = await makeUser({ userType: 2, organizationName: "Twice Treks", isDocumentUploaded: true, isVerified: true, isApproved: true });
  await issuedCards(fit, await makeCardGenerator(), route.id, {
    trekkers: [person("Lhamo Twice", { passportNumber: passport })],
    trek: trek(route.id, inDays(3), inDays(9)),
  });
  const { regId } = await makeRegistration(agency, route.id, {
    trekkers: [person("Lhamo Twice", { passportNumber: passport })],
    trek: trek(route.id, inDays(5), inDays(12)),
  });

  await signInAs(page, agency.email);
  await page.goto(`/new-register/${regId}`);
  const notice = page.getByTestId("overlap-notice");
  await expect(notice).toContainText("Lhamo Twice's passport already holds a TIMS card for");
  await expect(notice).toContainText("which overlaps this trek");
  // Another user's card: its dates, not its number or a link to it.
  await expect(notice.getByRole("link")).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include("[data-testid=overlap-notice]").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
