import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@lib/config.server";

let cached: string | null = null;

/**
 * The secret that signs session cookies and e-mailed links. Production sets SESSION_SECRET (all
 * instances must share it); the embedded default generates one into data/ on first start.
 */
export function appSecret(): string {
  if (cached) return cached;
  if (config.sessionSecret) return (cached = config.sessionSecret);
  // Checked at start-up too (missingSettings); this guards code paths that run before it.
  if (!config.embedded) throw new Error("SESSION_SECRET must be set");
  const file = path.join(config.dataDir, "session-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      cached = secret;
    } catch {
      // Another process won the race to create it; use theirs.
      cached = fs.readFileSync(file, "utf8").trim();
    }
  }
  return cached!;
}
