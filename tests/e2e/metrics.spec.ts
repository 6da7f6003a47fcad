// Issue 31 item 2: /metrics, read by an independent Prometheus text-format parser
// (parse-prometheus-text-format, ported from the Prometheus Python client's parser), has the named
// series, and they move when a payer pays through a gateway and a checkpost checks a card in.
// Other tests share the server, so counters are held to "grew by at least", never to exact values.
import parsePrometheusTextFormat, { type PrometheusFamily } from "parse-prometheus-text-format";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { signInAs } from "./support/auth-cookie";
import { decideOnSimulator } from "./support/gateway-sim";
import { cardsOf, unpaidRegistration } from "./support/paid";
import { hydrated } from "./support/session";

test.describe.configure({ timeout: 120_000 });

async function scrape(request: APIRequestContext): Promise<PrometheusFamily[]> {
  const response = await request.get("/metrics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  return parsePrometheusTextFormat(await response.text());
}

/**
 * The sum of a family's samples whose labels include `labels`. Not for histograms: this parser
 * keeps one labelled histogram's buckets and drops its labels, so the latency histogram is held to
 * being there with its type (it is observed in the same function that counts the requests).
 */
function total(families: PrometheusFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  if (!family) return 0;
  return family.metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)).reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}

// tims_db_pool_connections is absent here: the suite's server runs on SQLite, which has no pool.
const NAMED = [
  ["tims_http_requests_total", "COUNTER"],
  ["tims_http_request_duration_seconds", "HISTOGRAM"],
  ["tims_jobs", "GAUGE"],
  ["tims_jobs_oldest_age_seconds", "GAUGE"],
  ["tims_payments_open", "GAUGE"],
  ["tims_payments_open_oldest_age_seconds", "GAUGE"],
  ["tims_ledger_last_run_timestamp_seconds", "GAUGE"],
] as const;

test("the named series are there, and a payment, its card e-mail and a check-in move them", async ({ page, request }) => {
  const before = await scrape(request);
  for (const [name, type] of NAMED) expect(before.find((f) => f.name === name)?.type, name).toBe(type);

  // A payer pays through the eSewa simulator: the payment is counted by gateway and outcome.
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email, { land: true });
  await page.goto(`/new-register/${regId}/payment`);
  await hydrated(page);
  await page.getByRole("button", { name: "Pay with eSewa" }).click();
  await decideOnSimulator(page, "success");
  await expect(page.getByTestId("payment-success")).toBeVisible();
  expect((await cardsOf(regId)).length).toBeGreaterThan(0);

  // A checkpost checks a card in by its number and passport.
  const { route, checkpost } = await makeTrail(0);
  const [card] = await trailCards(route.id, { entry: inDays(0), exit: inDays(5) });
  await signInAs(page, checkpost.email);
  await page.goto("/scan");
  await hydrated(page);
  await page.getByLabel("Card Number").fill(String(card.cardNumber));
  await page.getByLabel("Passport Number").fill(card.passport);
  await page.getByRole("button", { name: "Check card" }).click();
  await expect(page).toHaveURL(`/scanned-trekker/${card.regId}/${card.trekkerId}`);

  const grew = (name: string, labels?: Record<string, string>) => async () => total(await scrape(request), name, labels) - total(before, name, labels);
  await expect.poll(grew("tims_payments_total", { gateway: "esewa", outcome: "success" })).toBeGreaterThanOrEqual(1);
  await expect.poll(grew("tims_checkins_total", { method: "typed" })).toBeGreaterThanOrEqual(1);
  // The card e-mail goes out through the job queue after the payment: wait for it, not for a time.
  await expect.poll(grew("tims_emails_total", { result: "sent" }), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(grew("tims_http_requests_total", { route: "/scan" })).toBeGreaterThanOrEqual(1);
});
