import { escapeHtml } from "@lib/html";
import { mailTranslator } from "../../emails/translator.server";
import crypto from "node:crypto";
import { createElement } from "react";
import { notifyCardsIssued, type IssuedRegistration } from "./notices.server";
import { renderToStaticMarkup } from "react-dom/server";
import { DataTypes, Model, Op, UniqueConstraintError, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { displayDate } from "@lib/dates";
import { sequelize } from "../../db/sequelize.server";
import { deliver } from "../../emails/mailer.server";
import { renderEmail } from "../../emails/render.server";
import { CardIssuedEmail, cardIssuedSubject } from "../../emails/templates/card-issued";
import { getPdfRenderer } from "../../jobs/pdf-renderer.server";
import { enqueue } from "../../jobs/queue.server";
import type { Transaction } from "sequelize";
import { contentKey, deleteStoredFile, storedFileExists, storedFileResponse, storeFileAt } from "@lib/files/storage.server";
import { cardNumbersOf, registrationForCards } from "@modules/registration/index.server";
import { displayNames } from "@modules/users/index.server";
import { trekkerCardData, type TrekkerCardData } from "./card-data.server";
import { buildCardView, photoDataUrl } from "./card-view.server";
import { PrintableCard, type CardView } from "./components/printable-card";
import { loggerFor } from "@lib/observability/logger.server";
import { splitPdfPages } from "../../jobs/pdf-pages.server";

const log = loggerFor("card-pdfs");

/**
 * Card PDFs: rendered by a job ("cards.render-pdf") from the same PrintableCard the page shows,
 * stored under "card-pdfs/", one row per trekker in card_pdfs. The download route asks
 * `requestCardPdf` and serves the file once it is ready; until then the page says it is being
 * prepared, so nobody ever downloads an empty file.
 */

export type CardPdfStatus = "pending" | "ready" | "failed";

export type CardPdfState =
  /** No PDF yet (or its file is gone), or the trekker has no card. */
  | { status: "none" }
  /** Queued or rendering. */
  | { status: "pending" }
  /** The last render failed; `requestCardPdf` queues it again. */
  | { status: "failed" }
  | { status: "ready"; fileKey: string; renderedAt: Date };

export class CardPdf extends Model<InferAttributes<CardPdf>, InferCreationAttributes<CardPdf>> {
  declare id: CreationOptional<number>;
  declare trekkerId: number;
  declare fileKey: CreationOptional<string | null>;
  declare status: CreationOptional<CardPdfStatus>;
  declare renderedAt: CreationOptional<Date | null>;
  declare emailedAt: CreationOptional<Date | null>;
  declare error: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

CardPdf.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    trekkerId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
    fileKey: DataTypes.STRING(80),
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "pending" },
    renderedAt: DataTypes.DATE,
    emailedAt: DataTypes.DATE,
    error: DataTypes.STRING(500),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "card_pdfs" },
);

export const RENDER_JOB = "cards.render-pdf";
export const ISSUED_JOB = "cards.issued";

/** A "pending" row older than this lost its job (a crashed process): asking again re-queues it. */
const STALE_PENDING_MS = 2 * 60_000;

/** "<full name>.pdf" as the name is written, in any script (issue 28), else "tims-card.pdf". */
export function pdfFileName(fullName: string | null | undefined): string {
  // Only what no file system takes (and controls) go; the download's header adds an ASCII
  // stand-in (lib/files/content-disposition.ts), the e-mail's attachment names it in UTF-8.
  const base = (fullName ?? "")
    .normalize("NFC")
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[ .-]+|[ .]+$/g, "")
    .slice(0, 80)
    .trim();
  return /[\p{L}\p{N}]/u.test(base) ? `${base}.pdf` : "tims-card.pdf";
}

/**
 * The card as a self-contained HTML page for Chromium: the same PrintableCard markup, an A5
 * landscape page, and a CSP that allows nothing but inline styles and data: images.
 */
export function cardPdfHtml(card: CardView): string {
  return cardsPdfHtml([card]);
}

/**
 * Several cards as one document, each on its own page: Chromium prints them for about half the
 * CPU per card of one print each, and splitPdfPages cuts the result into one PDF per card (ADR
 * 0056). With one card this is exactly the page the card's stored PDF is keyed by.
 */
function cardsPdfHtml(cards: readonly CardView[]): string {
  const body = cards.map((card) => renderToStaticMarkup(createElement(PrintableCard, { card }))).join(PAGE_BREAK);
  const title = escapeHtml(cardPdfTitle(cards[0]));
  return (
    "<!DOCTYPE html>" +
    '<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">` +
    `<title>${title}</title>` +
    "<style>@page{size:A5 landscape;margin:6mm}" +
    "html,body{margin:0;padding:0;background:#fff}" +
    "body{-webkit-print-color-adjust:exact;print-color-adjust:exact}" +
    "article{break-inside:avoid}" +
    (cards.length > 1 ? ".page-break{break-after:page}" : "") +
    "</style>" +
    `</head><body>${body}</body></html>`
  );
}

const PAGE_BREAK = '<div class="page-break"></div>';

/** The PDF's title, as the single card's document has it (its <title>). */
function cardPdfTitle(card: CardView): string {
  return `TIMS card ${card.cardNumber ?? ""} ${card.fullName}`.replace(/\s+/g, " ").trim();
}

/** PDF bytes of one card view, on the process's shared browser. */
export function renderCardViewPdf(card: CardView): Promise<Uint8Array> {
  return getPdfRenderer().render(cardPdfHtml(card));
}

/** Bumped when the PDF of the same card markup would come out differently (renderer options). */
const PDF_FORMAT = "a5-landscape-1";

/** A card ready to print: its data, the view the PDF shows and the key its PDF is stored under. */
interface PrintReadyCard {
  data: TrekkerCardData;
  view: CardView;
  fileKey: string;
}

/**
 * The card's PDF is stored under a key named by a hash of its HTML (which is deterministic: the
 * QR signature is Ed25519, the photo inlined). A job that died after storing the file but before
 * recording it (a worker killed mid-job) finds the file on its retry and records it instead of
 * rendering the card twice; an unchanged card asked again is not rendered again either.
 */
async function printReady(data: TrekkerCardData): Promise<PrintReadyCard> {
  const view = await buildCardView(data, await photoDataUrl(data.photoKey));
  const hash = crypto.createHash("sha256").update(PDF_FORMAT).update("\0").update(cardPdfHtml(view)).digest("hex");
  return { data, view, fileKey: contentKey("card-pdfs", hash, "pdf") };
}

async function renderData(data: TrekkerCardData): Promise<{ fileKey: string; bytes: Uint8Array }> {
  const { view, fileKey } = await printReady(data);
  if (await storedFileExists(fileKey)) return { fileKey, bytes: await storedBytes(fileKey) };
  const bytes = await getPdfRenderer().render(cardPdfHtml(view));
  await storeFileAt(fileKey, bytes);
  return { fileKey, bytes };
}

/** The cards printed as one Chromium document and cut into one PDF each, in their order (ADR 0056). */
export async function printCardsTogether(cards: readonly CardView[], renderer = getPdfRenderer()): Promise<Uint8Array[]> {
  const bytes = await renderer.render(cardsPdfHtml(cards));
  if (cards.length === 1) return [bytes];
  const parts = await splitPdfPages(bytes, cards.map(cardPdfTitle));
  // A card that ran onto a second page would shift every later one: keep none of this print.
  if (parts.length !== cards.length) throw new Error(`${cards.length} cards printed on ${parts.length} pages`);
  return parts;
}

/** Cards per Chromium document: enough to share the print's fixed cost, few enough for one render's timeout. */
const CARDS_PER_DOCUMENT = 6;

/**
 * Renders, several to a Chromium document, and records the PDFs of those trekkers who have none
 * ready and have not been e-mailed theirs (ADR 0056). Best effort: a card this does not finish
 * is left as it was, for its own render (renderAndStore) to do.
 */
async function renderCardPdfs(trekkerIds: readonly number[]): Promise<Printed> {
  const rows = new Map((await CardPdf.findAll({ where: { trekkerId: { [Op.in]: [...trekkerIds] } } })).map((r) => [r.trekkerId, r]));
  const todo: number[] = [];
  for (const trekkerId of trekkerIds) {
    const row = rows.get(trekkerId) ?? null;
    if (!row?.emailedAt && (await stateOf(row)).status !== "ready") todo.push(trekkerId);
  }
  const printed: Printed = new Map();
  if (todo.length < 2) return printed; // one card prints on its own either way
  const datas = await Promise.all(todo.map((id) => trekkerCardData(id, "system")));
  const cards = await Promise.all(datas.filter((d): d is TrekkerCardData => !!d && d.cardNumber !== null).map(printReady));
  const missing: PrintReadyCard[] = [];
  for (const card of cards) if (!(await storedFileExists(card.fileKey))) missing.push(card);
  for (let i = 0; i < missing.length; i += CARDS_PER_DOCUMENT) {
    const chunk = missing.slice(i, i + CARDS_PER_DOCUMENT);
    const parts = await printCardsTogether(chunk.map((c) => c.view));
    await Promise.all(chunk.map((card, k) => storeFileAt(card.fileKey, parts[k])));
    chunk.forEach((card, k) => printed.set(card.data.trekkerId, { data: card.data, fileKey: card.fileKey, bytes: parts[k] }));
  }
  for (const card of cards) await recordReady(card.data.trekkerId, card.fileKey);
  return printed;
}

/** What renderCardPdfs printed, by trekker: the card's data and PDF, which its e-mail reuses. */
type Printed = Map<number, PrintedCard>;
type PrintedCard = { data: TrekkerCardData; fileKey: string; bytes: Uint8Array };

/** Records the trekker's PDF as ready and deletes the file it replaced. */
async function recordReady(trekkerId: number, fileKey: string): Promise<CardPdfState> {
  const renderedAt = new Date();
  const previous = await saveRow(trekkerId, { status: "ready", fileKey, renderedAt, error: null });
  if (previous && previous !== fileKey) await deleteStoredFile(previous).catch(() => {});
  return { status: "ready", fileKey, renderedAt };
}

type RowValues = Partial<Pick<InferAttributes<CardPdf>, "fileKey" | "status" | "renderedAt" | "emailedAt" | "error">>;

/** Updates or creates the trekker's row; returns the file key it replaced, if any. */
async function saveRow(trekkerId: number, values: RowValues): Promise<string | null> {
  const row = await CardPdf.findOne({ where: { trekkerId } });
  if (row) {
    const previous = row.fileKey ?? null;
    await row.update(values);
    return previous;
  }
  try {
    await CardPdf.create({ trekkerId, ...values });
    return null;
  } catch (error) {
    // Created concurrently by another render or request: update that row instead.
    if (error instanceof UniqueConstraintError) return saveRow(trekkerId, values);
    throw error;
  }
}

async function stateOf(row: CardPdf | null): Promise<CardPdfState> {
  if (!row) return { status: "none" };
  if (row.status === "ready") {
    if (row.fileKey && (await storedFileExists(row.fileKey))) return { status: "ready", fileKey: row.fileKey, renderedAt: row.renderedAt ?? row.updatedAt };
    return { status: "none" };
  }
  return { status: row.status === "failed" ? "failed" : "pending" };
}

/** Where the trekker's PDF stands. "ready" is only reported while its file exists. */
export async function cardPdfState(trekkerId: number): Promise<CardPdfState> {
  if (!Number.isSafeInteger(trekkerId)) return { status: "none" };
  return stateOf(await CardPdf.findOne({ where: { trekkerId } }));
}

/**
 * Queues a render unless the PDF is ready or already being made; returns the resulting state
 * ("none" only for a trekker without a card). Cheap and idempotent: call it on every visit to
 * the download route. Concurrent callers queue one job.
 */
export async function requestCardPdf(trekkerId: number): Promise<CardPdfState> {
  if (!Number.isSafeInteger(trekkerId)) return { status: "none" };
  const row = await CardPdf.findOne({ where: { trekkerId } });
  const state = await stateOf(row);
  if (state.status === "ready") return state;
  if (row && row.status === "pending" && Date.now() - row.updatedAt.getTime() < STALE_PENDING_MS) return state;
  if (!row) {
    const data = await trekkerCardData(trekkerId, "system");
    if (!data || data.cardNumber === null) return { status: "none" };
    try {
      await CardPdf.create({ trekkerId, status: "pending" });
    } catch (error) {
      if (error instanceof UniqueConstraintError) return cardPdfState(trekkerId);
      throw error;
    }
  } else {
    // Claim the row from exactly the state we saw, so only one concurrent caller re-queues.
    const where =
      row.status === "pending"
        ? { id: row.id, status: "pending", updatedAt: { [Op.lt]: new Date(Date.now() - STALE_PENDING_MS) } }
        : row.status === "ready"
          ? { id: row.id, status: "ready", fileKey: row.fileKey }
          : { id: row.id, status: row.status };
    const [claimed] = await CardPdf.update({ status: "pending", error: null }, { where });
    if (claimed !== 1) return cardPdfState(trekkerId);
  }
  await enqueueRender(trekkerId);
  return { status: "pending" };
}

/**
 * Renders again even when a PDF is ready: for the lifecycle after a change the card shows (a
 * cancellation's watermark). The old file is served until the new one replaces it. With
 * `onlyIfRendered`, a card whose PDF was never asked for is left to render on its first request.
 */
export async function refreshCardPdf(trekkerId: number, opts: { onlyIfRendered?: boolean } = {}): Promise<void> {
  const [updated] = await CardPdf.update({ status: "pending", error: null }, { where: { trekkerId } });
  if (updated === 0) {
    if (!opts.onlyIfRendered) await requestCardPdf(trekkerId);
    return;
  }
  await enqueueRender(trekkerId);
}

async function enqueueRender(trekkerId: number): Promise<void> {
  try {
    // One attempt: the renderer already retries once on a fresh page or browser, and a failed
    // row is re-queued by the next request.
    await enqueue(RENDER_JOB, { trekkerId }, { attempts: 1 });
  } catch (error) {
    await CardPdf.update({ status: "failed", error: "Could not queue the render" }, { where: { trekkerId } });
    throw error;
  }
}

async function renderAndStore(trekkerId: number): Promise<{ state: CardPdfState; bytes: Uint8Array | null }> {
  const data = await trekkerCardData(trekkerId, "system");
  if (!data || data.cardNumber === null) {
    await CardPdf.update({ status: "failed", error: "The trekker has no card" }, { where: { trekkerId } });
    return { state: { status: "none" }, bytes: null };
  }
  try {
    // A file stored but not recorded (the row's update failed) stays: the retry reuses it.
    const { fileKey, bytes } = await renderData(data);
    return { state: await recordReady(trekkerId, fileKey), bytes };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await saveRow(trekkerId, { status: "failed", error: message.slice(0, 500) }).catch(() => {});
    throw error;
  }
}

/** The "cards.render-pdf" job: renders, stores and records the trekker's card PDF. */
export async function renderCardPdf(trekkerId: number): Promise<CardPdfState> {
  return (await renderAndStore(trekkerId)).state;
}

async function storedBytes(fileKey: string): Promise<Uint8Array> {
  return new Uint8Array(await (await storedFileResponse(fileKey)).arrayBuffer());
}

/**
 * E-mails one trekker their card (rendering it first if needed). Sent from this job itself, not
 * through another queued job, and marked sent only after delivery: a retry or a take-over after a
 * crash sends what is missing, and a card is sent twice only if the process dies between the
 * delivery and the mark.
 */
async function emailCard(trekkerId: number, tr: Awaited<ReturnType<typeof mailTranslator>>, printed?: PrintedCard): Promise<void> {
  const row = await CardPdf.findOne({ where: { trekkerId } });
  if (row?.emailedAt) return;
  const data = printed?.data ?? (await trekkerCardData(trekkerId, "system"));
  if (!data || data.cardNumber === null || !data.email) return;
  const current = await stateOf(row);
  let bytes: Uint8Array;
  if (current.status === "ready") {
    bytes = printed?.fileKey === current.fileKey ? printed.bytes : await storedBytes(current.fileKey);
  } else {
    const made = await renderAndStore(trekkerId);
    if (made.state.status !== "ready" || !made.bytes) return;
    bytes = made.bytes;
  }
  const { html, text } = renderEmail(
    createElement(CardIssuedEmail, {
      name: data.fullName,
      cardNumber: data.cardNumber,
      routeName: data.routeName,
      entryDate: displayDate(data.entryDate),
      exitDate: displayDate(data.exitDate),
    }),
    tr,
  );
  await deliver({
    to: data.email,
    subject: cardIssuedSubject(data.cardNumber, tr),
    html,
    text,
    attachments: [{ filename: pdfFileName(data.fullName), content: Buffer.from(bytes).toString("base64"), contentType: "application/pdf" }],
  });
  await saveRow(trekkerId, { emailedAt: new Date() });
}

/**
 * The "cards.issued" job: each trekker of the registration who holds a card gets its PDF by
 * e-mail. A retry after a partial failure only sends what is still missing.
 */
export async function emailIssuedCards(registrationId: number): Promise<void> {
  const trekkers = (await cardNumbersOf(registrationId)).filter((t) => t.cardNumber !== null);
  if (!trekkers.length) return;
  // The registrant's language (their own account's, or their agency's): a trekker without an
  // account has no stored language (docs/decisions.md).
  const registrant = (await registrationForCards(registrationId))?.userId;
  const tr = await mailTranslator(registrant === undefined ? undefined : (await displayNames([registrant])).get(registrant)?.language);
  const printed = await renderCardPdfs(trekkers.map((t) => t.trekkerId)).catch((error): Printed => {
    log.warn({ err: error, registrationId }, "Printing the cards together failed; each is printed on its own");
    return new Map();
  });
  const results = await Promise.allSettled(trekkers.map((t) => emailCard(t.trekkerId, tr, printed.get(t.trekkerId))));
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason);
  if (failures.length) throw new AggregateError(failures, `${failures.length} of ${trekkers.length} card e-mails of registration ${registrationId} failed`);
}

/**
 * Queues the issued cards' PDFs and e-mails in the transaction that issued them (a payment's
 * settle, an approved voucher, a generate), so the job exists exactly when the cards do: a crash
 * right after the commit cannot lose it, and a rollback leaves none. `numbering`: the cards of
 * this issue, whose numbers come after (the counter is taken last, ADR 0052).
 */
export async function announceCardsIssued(reg: IssuedRegistration, transaction: Transaction, numbering: number): Promise<void> {
  await enqueue(ISSUED_JOB, { registrationId: reg.id }, { transaction, attempts: 5 });
  await notifyCardsIssued(reg, transaction, numbering);
}

/**
 * Forgets the stored card PDFs of these trekkers (the retention rule, modules/privacy): deletes
 * their rows in `transaction` and returns the file keys, which the caller deletes after the commit
 * (a rolled-back erasure must not lose a file its row still names). A card asked for again renders
 * from what the trekker row holds then.
 */
export async function forgetCardPdfs(trekkerIds: readonly number[], transaction: Transaction): Promise<string[]> {
  if (!trekkerIds.length) return [];
  const rows = await CardPdf.findAll({ where: { trekkerId: { [Op.in]: [...trekkerIds] } }, attributes: ["id", "fileKey"], transaction });
  if (!rows.length) return [];
  await CardPdf.destroy({ where: { id: { [Op.in]: rows.map((r) => r.id) } }, transaction });
  return rows.map((r) => r.fileKey).filter((k): k is string => !!k);
}
