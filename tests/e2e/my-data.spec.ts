// Issue 31 item 5: a trekker downloads their own data from Account Settings; the file is a JSON
// attachment holding their account and trekkers, and nothing of another account's registration.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { paidBill } from "../factories/payments";
import { makeRoute, person } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";
import { signInAs } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";

test("a trekker downloads their own data as JSON from Account Settings", async ({ page }) => {
  const me = await makeRoleUser("fit", { email: uniqueEmail("my-data"), countryId: 276 });
  const other = await makeRoleUser("fit", { email: uniqueEmail("not-mine"), countryId: 276 });
  const route = await makeRoute("My Data Trek");
  const stamp = Date.now().toString(36).toUpperCase();
  await paidBill(route.id, { payer: me, count: 1, trekkers: [person("Mine Walker", { passportNumber: `MINE${stamp}` })] });
  await paidBill(route.id, { payer: other, count: 1, trekkers: [person("Other Walker", { passportNumber: `OTHER${stamp}` })] });

  await signInAs(page, me.email);
  await page.goto("/account-settings");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data (JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("tims-my-data.json");
  const text = fs.readFileSync((await download.path())!, "utf8");
  const file = JSON.parse(text);
  expect(file.account.email).toBe(me.email);
  const trekkers = file.registrations.flatMap((r: { trekkers: { passportNumber: string; fullName: string }[] }) => r.trekkers);
  expect(trekkers.map((t: { passportNumber: string }) => t.passportNumber)).toEqual([`MINE${stamp}`]);
  expect(file.bills).toHaveLength(1);
  expect(text).not.toContain(`OTHER${stamp}`);
  expect(text).not.toContain(other.email);
});
