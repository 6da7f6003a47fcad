import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts, type PDFObject } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPdfRenderer, type PdfRenderer } from "./pdf-renderer.server";
import { splitPdfPages } from "./pdf-pages.server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tims-pdf-pages-"));
let renderer: PdfRenderer;

function poppler(tool: "pdftotext" | "pdfinfo", bytes: Uint8Array): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync(tool, tool === "pdftotext" ? [file, "-"] : [file], { encoding: "utf8" });
}

/** Every /Pg in a structure element's subtree. */
function pagesUnder(doc: PDFDocument, element: PDFObject, found: string[] = []): string[] {
  const value = doc.context.lookup(element);
  if (value instanceof PDFArray) for (const item of value.asArray()) pagesUnder(doc, item, found);
  if (value instanceof PDFDict) {
    const page = value.get(PDFName.of("Pg"));
    if (page) found.push(String(page));
    const kids = value.get(PDFName.of("K"));
    if (kids) pagesUnder(doc, kids, found);
  }
  return found;
}

/** The structure elements under the tree's Document element, each with the pages it marks. */
async function topElements(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const root = doc.catalog.lookupMaybe(PDFName.of("StructTreeRoot"), PDFDict);
  if (!root) return null;
  const kids = root.lookup(PDFName.of("K"), PDFDict).lookup(PDFName.of("K"), PDFArray);
  return {
    pageRef: String(doc.getPage(0).ref),
    elements: kids.asArray().map((k) => ({ type: String(doc.context.lookup(k, PDFDict).get(PDFName.of("S"))), pages: [...new Set(pagesUnder(doc, k))] })),
  };
}

const page = (n: number) => `<article><h1>Card of trekker ${n}</h1><p>Only on page ${n}</p></article>`;
const documentOf = (bodies: string[]) =>
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Three cards</title>' +
  "<style>@page{size:A5 landscape;margin:6mm}.page-break{break-after:page}</style></head><body>" +
  bodies.join('<div class="page-break"></div>') +
  "</body></html>";

beforeAll(() => {
  renderer = createPdfRenderer({ pages: 1 });
});

afterAll(async () => {
  await renderer.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("splitPdfPages", () => {
  it("gives each page of Chromium's print as its own tagged PDF with its own text, structure and title", async () => {
    const printed = await renderer.render(documentOf([page(1), page(2), page(3)]));
    expect(poppler("pdfinfo", printed)).toMatch(/Pages:\s+3/);

    const parts = await splitPdfPages(printed, ["Card one", "Card two", "Card three"]);
    expect(parts).toHaveLength(3);
    for (const [i, part] of parts.entries()) {
      const n = i + 1;
      const info = poppler("pdfinfo", part);
      expect(info).toMatch(/Pages:\s+1\n/);
      expect(info).toMatch(/Tagged:\s+yes/);
      expect(info).toContain(`Title:           ${["Card one", "Card two", "Card three"][i]}`);
      const text = poppler("pdftotext", part);
      expect(text).toContain(`Only on page ${n}`);
      for (const other of [1, 2, 3].filter((m) => m !== n)) expect(text).not.toContain(`Only on page ${other}`);
      // The structure keeps this page's article alone, pointing at this document's page.
      const tree = await topElements(part);
      expect(tree?.elements).toEqual([{ type: "/Art", pages: [tree!.pageRef] }]);
    }
  });

  it("splits a document of another shape without tags rather than with wrong ones", async () => {
    // Two articles on one page: the tree cannot be cut by page.
    const printed = await renderer.render(documentOf([page(1) + page(2), page(3)]));
    const parts = await splitPdfPages(printed);
    expect(parts).toHaveLength(2);
    expect(poppler("pdftotext", parts[0])).toContain("Only on page 2");
    expect(poppler("pdftotext", parts[1])).toContain("Only on page 3");
    for (const part of parts) {
      expect(poppler("pdfinfo", part)).toMatch(/Tagged:\s+no/);
      expect(await topElements(part)).toBeNull();
    }
  });

  it("splits an untagged PDF too", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const n of [1, 2]) doc.addPage([300, 200]).drawText(`Plain page ${n}`, { x: 20, y: 100, font, size: 14 });
    const parts = await splitPdfPages(await doc.save());
    expect(parts.map((p) => poppler("pdftotext", p).trim())).toEqual(["Plain page 1", "Plain page 2"]);
  });
});
