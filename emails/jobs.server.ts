import type { JobHandler } from "../jobs/types";
import { getQueue } from "../jobs/queue.server";
import { PermanentJobError } from "../jobs/job-store.server";
import type { EnqueueOptions } from "../jobs/types";
import { deliver, type MailMessage } from "./mailer.server";

/**
 * Tries per e-mail: with the jobs' doubling backoff (1 s, 2 s, … at most 30 minutes apart) 60
 * tries span about a day, so an SMTP server that is down for hours delays e-mails, loses none.
 */
export const EMAIL_ATTEMPTS = (() => {
  const value = Number(process.env.EMAIL_ATTEMPTS);
  return Number.isInteger(value) && value > 0 ? value : 60;
})();

export const emailJobs: Record<string, JobHandler> = {
  "email.send": async (msg: MailMessage) => {
    try {
      await deliver(msg);
    } catch (error) {
      // A 5xx answer (recipient refused, message rejected) says the same next time: fail now.
      // A refused or lost connection, a timeout or a 4xx (try later) is tried again.
      const code = (error as { responseCode?: unknown } | null)?.responseCode;
      if (typeof code === "number" && code >= 500) throw new PermanentJobError(`SMTP refused the message (${code}): ${(error as Error).message}`);
      throw error;
    }
  },
};

/**
 * Always through a job, so a slow or down SMTP server never holds up a request: the e-mail waits
 * in the jobs table and is tried again until it goes (EMAIL_ATTEMPTS). With a transaction the
 * e-mail is queued only if the change it tells of commits (ADR 0013); a key queues it at most once.
 */
export async function sendEmail(msg: MailMessage, opts: Pick<EnqueueOptions, "transaction" | "key"> = {}): Promise<void> {
  await getQueue().enqueue("email.send", msg, { attempts: EMAIL_ATTEMPTS, ...opts });
}
