import { escapeHtml } from "@lib/html";
import { mailTranslator } from "../../emails/translator.server";
import { displayNames } from "@modules/users/index.server";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Op, type Transaction } from "sequelize";
import { deliver } from "../../emails/mailer.server";
import { renderEmail } from "../../emails/render.server";
import { ReceiptEmail, receiptSubject } from "../../emails/templates/receipt";
import { getPdfRenderer } from "../../jobs/pdf-renderer.server";
import { enqueue } from "../../jobs/queue.server";
import { deleteStoredFile, storedFileExists, storedFileResponse, storeFile } from "@lib/files/storage.server";
import { formatNrs } from "@modules/registration";
import { receiptFileName, type Receipt } from "./billing";
import { receiptForJob, visibleReceipt, type BillViewer } from "./bills.server";
import { ReceiptDocument } from "./components/receipt";
import { Bill } from "./models/payment-records.server";

/**
 * Receipt PDFs: the job "payments.receipt", queued in the transaction that creates the bill,
 * renders the same markup the side panel shows (receiptBodyHtml), stores it on the bill and e-mails it
 * to the payer once. A download before the job ran (or of a bill made before receipts existed)
 * renders it with the same function and keeps it.
 */
export const RECEIPT_JOB = "payments.receipt";

/** The receipt's markup: the Receipt Details panel shows it as it is and the PDF wraps it, so both are one rendering. */
export function receiptBodyHtml(receipt: Receipt): string {
  return renderToStaticMarkup(createElement(ReceiptDocument, { receipt }));
}

export function receiptPdfHtml(receipt: Receipt): string {
  const body = receiptBodyHtml(receipt);
  return (
    "<!DOCTYPE html>" +
    '<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<title>${escapeHtml(`Receipt ${receipt.invoiceNumber}`)}</title>` +
    "<style>@page{size:A4;margin:14mm}html,body{margin:0;padding:0;background:#fff}" +
    "body{-webkit-print-color-adjust:exact;print-color-adjust:exact}article{margin:0 auto}</style>" +
    `</head><body>${body}</body></html>`
  );
}

export function renderReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  // A4 portrait: the renderer keeps pages for this paper apart from the cards' (A5).
  return getPdfRenderer().render(receiptPdfHtml(receipt), { format: "A4", landscape: false });
}

/** The stored PDF's key, rendering and storing it first when there is none (or its file is gone). */
async function ensureStored(bill: Bill, receipt: Receipt): Promise<{ fileKey: string; bytes?: Uint8Array }> {
  if (bill.receiptFileKey && (await storedFileExists(bill.receiptFileKey))) return { fileKey: bill.receiptFileKey };
  const bytes = await renderReceiptPdf(receipt);
  const fileKey = await storeFile("receipts", bytes, "pdf");
  // Claim from the value we saw: of two concurrent renders one file is kept, the other deleted.
  const [claimed] = await Bill.update({ receiptFileKey: fileKey }, { where: { id: bill.id, receiptFileKey: bill.receiptFileKey ?? { [Op.is]: null } } });
  if (claimed !== 1) {
    await deleteStoredFile(fileKey).catch(() => {});
    const fresh = await Bill.findByPk(bill.id, { attributes: ["receiptFileKey"] });
    if (fresh?.receiptFileKey) return { fileKey: fresh.receiptFileKey };
    throw new Error(`Receipt of bill ${bill.id} could not be stored`);
  }
  if (bill.receiptFileKey) await deleteStoredFile(bill.receiptFileKey).catch(() => {});
  return { fileKey, bytes };
}

/** The job: render and store the receipt, then e-mail it to the payer, each once across retries. */
export async function renderAndEmailReceipt(billId: number): Promise<void> {
  const found = await receiptForJob(billId);
  if (!found) return;
  const { receipt, bill } = found;
  const stored = await ensureStored(bill, receipt);
  if (bill.receiptEmailedAt || !receipt.email) return;
  const bytes = stored.bytes ?? new Uint8Array(await (await storedFileResponse(stored.fileKey)).arrayBuffer());
  const tr = await mailTranslator((await displayNames([bill.payerUserId])).get(bill.payerUserId)?.language);
  const { html, text } = renderEmail(
    createElement(ReceiptEmail, { name: receipt.name, invoiceNumber: receipt.invoiceNumber, amount: formatNrs(receipt.amountPaisa) }),
    tr,
  );
  await deliver({
    to: receipt.email,
    subject: receiptSubject(receipt.invoiceNumber, tr),
    html,
    text,
    attachments: [
      {
        filename: receiptFileName(receipt.invoiceNumber, receipt.receiptDate instanceof Date ? receipt.receiptDate : new Date(receipt.receiptDate)),
        content: Buffer.from(bytes).toString("base64"),
        contentType: "application/pdf",
      },
    ],
  });
  await Bill.update({ receiptEmailedAt: new Date() }, { where: { id: bill.id } });
}

/** Queues the receipt in the transaction that created the bill, so it exists exactly when the bill does. */
export async function announceBill(billId: number, transaction: Transaction): Promise<void> {
  await enqueue(RECEIPT_JOB, { billId }, { transaction, attempts: 5 });
}

/** The download: the viewer's receipt as a PDF response named Receipt-{invoice}-{timestamp}.pdf, or null (404). */
export async function receiptPdfResponse(billId: number, viewer: BillViewer): Promise<Response | null> {
  const found = await visibleReceipt(billId, viewer);
  if (!found) return null;
  const { receipt, bill } = found;
  const { fileKey } = await ensureStored(bill, receipt);
  return storedFileResponse(fileKey, { downloadName: receiptFileName(receipt.invoiceNumber), inline: false });
}
