import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectCopier, PDFPage, PDFRef, type PDFObject } from "pdf-lib";

/**
 * Splits a PDF into one document per page, each keeping its part of the tagged structure.
 *
 * Why: Chromium spends most of a small document's CPU on the print itself, not on the page's
 * content, so several cards printed as one document and split here cost about half as much per
 * card as one print each (figures: bench/card-pdf.ts, ADR 0056). Chromium tags its PDFs (a
 * screen reader reads the card's headings, fields and the photo's alternative text); a plain page
 * copy would drop those tags, so each part gets the structure elements of its own page.
 *
 * Expects what Chromium writes for a document whose pages are each one top-level element (the
 * cards: one <article> per page): a Document element whose children each mark content on one
 * page. A document of any other shape is split without tags rather than with wrong ones.
 */
export async function splitPdfPages(bytes: Uint8Array, titles: readonly string[] = []): Promise<Uint8Array[]> {
  const src = await PDFDocument.load(bytes, { updateMetadata: false });
  const structure = structureOf(src);
  const parts: Uint8Array[] = [];
  for (const [index, page] of src.getPages().entries()) parts.push(await onePage(src, page, structure, titles[index]));
  return parts;
}

interface Structure {
  root: PDFRef;
  rootDict: PDFDict;
  document: PDFDict;
  /** Per page (by its reference): its top-level element and its parent tree entry under the page's key. */
  pages: Map<PDFRef, { element: PDFObject; key: PDFNumber; entry: PDFObject }>;
}

async function onePage(src: PDFDocument, page: PDFPage, structure: Structure | null, title: string | undefined): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  // The source's tree is trimmed to this page in place, then copied: a copy is a deep clone, so
  // trimming it again for the next page leaves this part as it is.
  const own = structure?.pages.get(page.ref);
  if (structure && own) {
    structure.document.set(PDFName.of("K"), src.context.obj([own.element]));
    // The page keeps its StructParents number, so its parent tree keeps that key alone.
    structure.rootDict.set(PDFName.of("ParentTree"), src.context.obj({ Nums: [own.key, own.entry] }));
  }
  // One copier for the page and its structure, so the elements' /Pg point at the copied page.
  // (pdf-lib's copyPages copies a page alone; this copier is what that method uses inside.)
  const copier = PDFObjectCopier.for(src.context, doc.context);
  const pageRef = copier.copy(page.ref) as PDFRef;
  doc.addPage(PDFPage.of(doc.context.lookup(pageRef) as never, pageRef, doc));
  for (const key of ["Lang", "MarkInfo", "ViewerPreferences"]) {
    const value = src.catalog.get(PDFName.of(key));
    if (value && (key !== "MarkInfo" || own)) doc.catalog.set(PDFName.of(key), copier.copy(value));
  }
  if (structure && own) doc.catalog.set(PDFName.of("StructTreeRoot"), copier.copy(structure.root));
  const creator = src.getCreator();
  const producer = src.getProducer();
  if (creator) doc.setCreator(creator);
  if (producer) doc.setProducer(producer);
  doc.setTitle(title ?? src.getTitle() ?? "", { showInWindowTitleBar: !!title });
  return doc.save();
}

/**
 * The structure tree's parts by page, or null when it has another shape than a Document element
 * with one top-level element per page.
 */
function structureOf(src: PDFDocument): Structure | null {
  const root = src.catalog.get(PDFName.of("StructTreeRoot"));
  const rootDict = src.context.lookup(root);
  if (!(root instanceof PDFRef) || !(rootDict instanceof PDFDict)) return null;
  const document = rootDict.lookup(PDFName.of("K"));
  const children = document instanceof PDFDict ? document.lookup(PDFName.of("K")) : null;
  const tree = rootDict.lookup(PDFName.of("ParentTree"));
  const nums = tree instanceof PDFDict ? tree.lookup(PDFName.of("Nums")) : null;
  if (!(document instanceof PDFDict) || !(children instanceof PDFArray) || !(nums instanceof PDFArray)) return null;
  const entries = new Map<number, PDFObject>();
  for (let i = 0; i + 1 < nums.size(); i += 2) {
    const k = src.context.lookup(nums.get(i));
    if (k instanceof PDFNumber) entries.set(k.asNumber(), nums.get(i + 1));
  }
  // Which pages each top-level element marks content on (its own /Pg or its descendants').
  const marks = children.asArray().map((child) => ({ child, pages: pagesMarked(src, child) }));
  if (marks.some((m) => m.pages.size > 1)) return null;
  const pages: Structure["pages"] = new Map();
  for (const page of src.getPages()) {
    const key = page.node.get(PDFName.of("StructParents"));
    const mine = marks.filter((m) => m.pages.has(page.ref));
    const entry = key instanceof PDFNumber ? entries.get(key.asNumber()) : undefined;
    // A page whose content hangs under more than one element, or under none, is not split with tags.
    if (mine.length !== 1 || !(key instanceof PDFNumber) || !entry) return null;
    pages.set(page.ref, { element: mine[0].child, key, entry });
  }
  return { root, rootDict, document, pages };
}

/** The pages a structure element's subtree marks content on. */
function pagesMarked(src: PDFDocument, element: PDFObject, found = new Set<PDFObject>(), seen = new Set<PDFObject>()): Set<PDFObject> {
  const value = src.context.lookup(element);
  if (!value || seen.has(value)) return found;
  seen.add(value);
  if (value instanceof PDFArray) for (const item of value.asArray()) pagesMarked(src, item, found, seen);
  if (value instanceof PDFDict) {
    const page = value.get(PDFName.of("Pg"));
    if (page) found.add(page);
    const kids = value.get(PDFName.of("K"));
    if (kids) pagesMarked(src, kids, found, seen);
  }
  return found;
}
