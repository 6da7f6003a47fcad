import { config, missingSettings } from "@lib/config.server";
import { databaseTlsProblems } from "@lib/database-tls.server";
import { loggerFor } from "@lib/observability/logger.server";
import { assertPaymentConfig } from "@modules/payments/index.server";
import { assertErpConfig } from "@modules/chalan/index.server";
import { closeQueue } from "../../jobs/queue.server";
import { closePdfRenderer } from "../../jobs/pdf-renderer.server";
import { sequelize } from "../../db/sequelize.server";
import { readiness } from "./readiness.server";

const log = loggerFor("server");

/**
 * Configuration is checked once, when the server loads: a deployment missing a required setting
 * (or with a payment gateway configured halfway) stops with one line per problem naming the
 * variable, instead of answering 500 on every request later.
 */
export function configurationProblems(env: Record<string, string | undefined> = process.env): string[] {
  const problems = missingSettings(env).map((name) => `Missing setting: ${name}`);
  problems.push(...databaseTlsProblems(env));
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
  for (const problem of problems) log.fatal(`[config] ${problem}`);
  process.exit(1);
}

const SHUTDOWN_GRACE_MS = 3_000;
let installed = false;
const drainedHooks: (() => void)[] = [];

/** The web server's "stop taking requests" (server.close), called once the drain period is over. */
export function onDrained(hook: () => void): void {
  drainedHooks.push(hook);
}

/**
 * On SIGTERM/SIGINT: first /readyz answers 503 "shutting down" while requests are still served,
 * for SHUTDOWN_DRAIN_SECONDS, so the load balancer stops sending new ones; then the server stops
 * taking requests. remix-serve would wait for idle keep-alive sockets, and Chromium, Bull and the
 * database pool keep the event loop alive (a stopped server once lingered five minutes): close
 * what we opened, and exit after a short grace whatever still runs.
 */
export function exitPromptlyOnSignals(): void {
  if (installed) return;
  installed = true;
  const stop = (signal: string) => {
    readiness.shutDown();
    log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, "shutting down: readiness off, draining");
    setTimeout(() => {
      for (const hook of drainedHooks) hook();
      setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
      void Promise.allSettled([closeQueue(), closePdfRenderer(), sequelize.close()]).then(() => process.exit(0));
    }, config.shutdownDrainSeconds * 1000);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
