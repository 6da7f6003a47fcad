/**
 * A server process for modules/payments/settle-durable.db.test.ts: it runs jobs in-process as the
 * embedded web server does (startJobs), commits a payment, says so, and waits to be killed. The
 * database and folders come from the parent test's environment.
 */
import { startJobs } from "../../jobs/queue.server";
import { composeApp } from "../../app/composition.server";
composeApp();
import { claimAttempt, settle } from "@modules/payments/index.server";

const [registrationId, attemptId, amountPaisa, payerUserId] = process.argv.slice(2).map(Number);
await startJobs();
const outcome = await settle({ registrationId, amountPaisa, methodId: 1, payerUserId, attemptId, claim: claimAttempt(attemptId) });
process.stdout.write(`COMMITTED ${outcome}\n`);
setInterval(() => undefined, 1000);
