import type { JobHandler } from "../modules/contract";
import { getQueue } from "../jobs/queue.server";
import type { EnqueueOptions } from "../jobs/types";
import { deliver, type MailMessage } from "./mailer.server";

export const emailJobs: Record<string, JobHandler> = {
  "email.send": async (msg: MailMessage) => {
    await deliver(msg);
  },
};

/**
 * Always through a job, so a slow or down SMTP server never holds up a request. With a
 * transaction the e-mail is queued only if the change it tells of commits (ADR 0013); a key
 * queues it at most once.
 */
export async function sendEmail(msg: MailMessage, opts: Pick<EnqueueOptions, "transaction" | "key"> = {}): Promise<void> {
  await getQueue().enqueue("email.send", msg, opts);
}
