import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { parseEml, type ParsedEmail } from "../../../emails/eml-parse.server";

const outboxDir = () => process.env.OUTBOX_DIR!;

async function messagesTo(address: string): Promise<ParsedEmail[]> {
  if (!fs.existsSync(outboxDir())) return [];
  const files = fs
    .readdirSync(outboxDir())
    .filter((f) => f.endsWith(".eml"))
    .sort();
  const mails = await Promise.all(files.map((f) => parseEml(fs.readFileSync(path.join(outboxDir(), f)))));
  return mails.filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

/** E-mail goes through a job, so poll the outbox until the message to `address` lands. */
export async function waitForEmail(address: string, subject?: RegExp, count = 1): Promise<ParsedEmail> {
  let found: ParsedEmail[] = [];
  await expect
    .poll(
      async () => {
        found = (await messagesTo(address)).filter((m) => !subject || subject.test(m.subject ?? ""));
        return found.length;
      },
      // E-mails go out through the job queue, polled by the server: under a loaded CI machine a
      // queued e-mail took over 10 s (the accessibility fixture's follower link failed so). The
      // poll ends as soon as it is there.
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[found.length - 1];
}

export function linkIn(mail: ParsedEmail, pathPart: string): string {
  const body = `${mail.html ?? ""}\n${mail.text ?? ""}`;
  const match = body.match(new RegExp(`https?://[^\\s"'<>]*${pathPart}[^\\s"'<>]*`));
  if (!match) throw new Error(`No ${pathPart} link in e-mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}

/** Every e-mail to `address` so far whose subject matches, oldest first (to count them). */
export async function emailsTo(address: string, subject: RegExp): Promise<ParsedEmail[]> {
  return (await messagesTo(address)).filter((m) => subject.test(m.subject ?? ""));
}
