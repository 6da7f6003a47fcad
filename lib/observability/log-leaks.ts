/**
 * The log-leak check (issue 31 item 3): no log line may carry a secret or a piece of personal data.
 * After the browser suite, scripts/log-leak-check.ts gathers what the run's data holds (passport,
 * visa and policy numbers, session ids, two-factor secrets, the tokens of every e-mailed link, the
 * suite's passwords) and looks for each in the servers' logs.
 */
export interface Secret {
  /** What kind of value it is, named in the report; the value itself is never printed. */
  kind: string;
  value: string;
}

export interface Leak {
  kind: string;
  file: string;
  line: number;
  /** The value masked but for its first two characters, enough to find it again. */
  masked: string;
}

/** Values too short or too common to tell a leak from a coincidence (an id, a year) are left out. */
export const MIN_SECRET_LENGTH = 6;

/** The query values and long path segments of every link in a text: where e-mailed tokens sit. */
export function linkTokens(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
    let url: URL;
    try {
      url = new URL(match[0].replace(/[.,;]+$/, ""));
    } catch {
      continue;
    }
    for (const value of url.searchParams.values()) if (value.length >= 16) out.add(value);
    for (const segment of url.pathname.split("/")) if (segment.length >= 24) out.add(decodeURIComponent(segment));
  }
  return [...out];
}

/**
 * Every place a secret occurs in the logs, as itself or URL-encoded. Each secret's written forms
 * are worked out once, not per line: the browser suite's logs are ~20,000 lines against
 * thousands of values, and forms made per line and value kept CI busy for minutes.
 */
export function findLeaks(secrets: readonly Secret[], logs: ReadonlyArray<{ file: string; text: string }>): Leak[] {
  const wanted = secrets
    .filter((s) => s.value.trim().length >= MIN_SECRET_LENGTH)
    .map((secret) => ({
      secret,
      forms: [...new Set([secret.value, encodeURIComponent(secret.value), JSON.stringify(secret.value).slice(1, -1)])],
      masked: `${secret.value.slice(0, 2)}${"*".repeat(Math.max(0, secret.value.length - 2))}`,
    }));
  const leaks: Leak[] = [];
  for (const { file, text } of logs) {
    const lines = text.split("\n");
    lines.forEach((line, index) => {
      for (const { secret, forms, masked } of wanted) {
        if (forms.some((form) => line.includes(form))) leaks.push({ kind: secret.kind, file, line: index + 1, masked });
      }
    });
  }
  return leaks;
}
