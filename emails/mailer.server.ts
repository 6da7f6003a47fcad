import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { config } from "@lib/config.server";
import { counter } from "@lib/observability/metrics.server";

export interface MailAttachment {
  filename: string;
  /** A file on disk; with Bull it must be on the volume the worker shares (FILES_DIR). */
  path?: string;
  /** Base64, so the message survives the JSON trip through the job queue. */
  content?: string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text?: string;
  attachments?: MailAttachment[];
}

/** Outbox file names (without ".eml"): sortable timestamp plus a random tail. */
export const OUTBOX_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}$/;

let smtp: Transporter | null = null;

function toNodemailer(msg: MailMessage): Mail.Options {
  return {
    from: config.mailFrom,
    to: msg.to,
    subject: msg.subject,
    html: msg.html,
    text: msg.text,
    attachments: msg.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      ...(a.content !== undefined ? { content: a.content, encoding: "base64" } : { path: a.path }),
    })),
  };
}

/** Sends now; request code should call sendEmail (a job) instead. */
/**
 * Every e-mail passes deliver(): the queued ones (email.send) and those a job sends with its
 * attachment (cards, receipts, refund notices). A failed try is counted each time (it may be retried).
 */
const emailsCounted = counter({
  name: "tims_emails_total",
  help: "E-mail deliveries: sent, or a failed try (a job retries it).",
  labelNames: ["result"],
});

export async function deliver(msg: MailMessage): Promise<{ id: string }> {
  try {
    const sent = await send(msg);
    emailsCounted.inc({ result: "sent" });
    return sent;
  } catch (error) {
    emailsCounted.inc({ result: "failed" });
    throw error;
  }
}

async function send(msg: MailMessage): Promise<{ id: string }> {
  if (config.smtpUrl) {
    smtp ??= nodemailer.createTransport(config.smtpUrl);
    const info = await smtp.sendMail(toNodemailer(msg));
    return { id: info.messageId };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await stream.sendMail(toNodemailer(msg));
  const id = `${new Date().toISOString().replace(/:/g, "-")}-${randomBytes(4).toString("hex")}`;
  await mkdir(config.outboxDir, { recursive: true });
  // Written under a name the outbox ignores, then renamed, so readers never see half a message.
  const tmp = path.join(config.outboxDir, `.${id}.tmp`);
  await writeFile(tmp, info.message as Buffer);
  await rename(tmp, path.join(config.outboxDir, `${id}.eml`));
  return { id };
}
