import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { makeUser } from "../factories/users";
import { signInAs } from "./support/auth-cookie";

// Issue 26 item 9: the card page prints on exactly one sheet (A4 and Letter), and every text of the
// card reads at 12 px or more on screen, at a phone's and a desktop's width.

async function cardOfNewAgency() {
  const { route } = await makeTrail();
  const owner = await makeUser({ userType: 2, organizationName: "Print Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
  const [card] = await trailCards(route.id, { entry: inDays(3), exit: inDays(9), owner });
  return { owner, card };
}

/** Pages of a PDF: its /Type /Page objects (not /Pages). */
const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;

async function printedPages(page: Page, format: "A4" | "Letter"): Promise<number> {
  const pdf = await page.pdf({ format, printBackground: true });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "card-print-")), `${format}.pdf`);
  fs.writeFileSync(file, pdf);
  const fromPoppler = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1]);
  expect(fromPoppler).toBe(pageCount(pdf));
  return fromPoppler;
}

for (const width of [390, 1280]) {
  test(`the card page opened at ${width} px prints on exactly one page, on A4 and on Letter`, async ({ page }) => {
    const { owner, card } = await cardOfNewAgency();
    await page.setViewportSize({ width, height: 844 });
    await signInAs(page, owner.email);
    await page.goto(`/tims-cards/${card.trekkerId}`);
    await expect(page.getByTestId("tims-card")).toContainText(card.fullName);
    await page.emulateMedia({ media: "print" });
    expect(await printedPages(page, "A4")).toBe(1);
    expect(await printedPages(page, "Letter")).toBe(1);
    // What is printed is the card, without the page's menu and header.
    await expect(page.getByTestId("tims-card")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Menu" })).toBeHidden();
  });

  test(`every text on the card is at least 12 px on screen at ${width} px, and the card fits the width`, async ({ page }) => {
    const { owner, card } = await cardOfNewAgency();
    await page.setViewportSize({ width, height: 844 });
    await signInAs(page, owner.email);
    await page.goto(`/tims-cards/${card.trekkerId}`);
    const onPage = page.getByTestId("tims-card");
    await expect(onPage).toContainText(card.fullName);
    const small = await onPage.evaluate((root) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const element = node.parentElement;
        if (!text || !element) continue;
        // SVG text (the drawn CANCELLED watermark) has its own units: HTML text only.
        if (element.closest("svg")) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (size < 12) found.push(`${size}px: ${text.slice(0, 40)}`);
      }
      return found;
    });
    expect(small).toEqual([]);
    const [box, qr] = [await onPage.boundingBox(), await page.getByTestId("card-qr").boundingBox()];
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    expect(qr!.x + qr!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`card-${width}.png`), fullPage: true });
  });
}
