import type { JobHandler } from "../modules/contract";
import { getQueue } from "../jobs/queue.server";
import { deliver, type MailMessage } from "./mailer.server";

export const emailJobs: Record<string, JobHandler> = {
  "email.send": async (msg: MailMessage) => {
    await deliver(msg);
  },
};

/** Always through a job, so a slow or down SMTP server never holds up a request. */
export async function sendEmail(msg: MailMessage): Promise<void> {
  await getQueue().enqueue("email.send", msg);
}
