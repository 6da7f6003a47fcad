import { missingSettings } from "@lib/config.server";
import { assertPaymentConfig } from "@modules/payments/index.server";
import { assertErpConfig } from "@modules/chalan/index.server";
import { closeQueue } from "../../jobs/queue.server";
import { closePdfRenderer } from "../../jobs/pdf-renderer.server";
import { sequelize } from "../../db/sequelize.server";

/**
 * Configuration is checked once, when the server loads: a deployment missing a required setting
 * (or with a payment gateway configured halfway) stops with one line per problem naming the
 * variable, instead of answering 500 on every request later.
 */
export function configurationProblems(env: Record<string, string | undefined> = process.env): string[] {
  const problems = missingSettings(env).map((name) => `Missing setting: ${name}`);
  try {
    assertPaymentConfig(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  try {
    assertErpConfig(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}

export function exitOnBadConfiguration(): void {
  const problems = configurationProblems();
  if (!problems.length) return;
  for (const problem of problems) console.error(`[config] ${problem}`);
  process.exit(1);
}

const SHUTDOWN_GRACE_MS = 3_000;
let installed = false;

/**
 * On SIGTERM/SIGINT remix-serve stops accepting connections but waits for idle keep-alive sockets,
 * and Chromium, Bull and the database pool keep the event loop alive: a stopped server once
 * lingered five minutes. Close what we opened, and exit after a short grace whatever still runs.
 */
export function exitPromptlyOnSignals(): void {
  if (installed) return;
  installed = true;
  const stop = (signal: string) => {
    console.log(`[server] ${signal}: shutting down`);
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    void Promise.allSettled([closeQueue(), closePdfRenderer(), sequelize.close()]).then(() => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
