// Installs what a fresh clone lacks: npm packages (from the lockfile) and, for tests, Debian's
// chromium, poppler-utils (pdftotext), zbar-tools (zbarimg, the card QR tests' independent reader), Noto fonts (names in any script) and
// redis-server (the Redis-outage test starts and stops one of its own) and nginx-light (the
// deployment test's reverse proxy, scripts/deploy-local.mjs runs its own nginx; the package's service is not used).
// Idempotent and quiet when everything is present.
import { execSync } from "node:child_process";
import fs from "node:fs";

const run = (cmd, env = {}) => execSync(cmd, { stdio: "inherit", env: { ...process.env, ...env } });

export function ensureNodeModules() {
  const stamp = "node_modules/.tims-installed";
  const lockTime = fs.existsSync("package-lock.json") ? fs.statSync("package-lock.json").mtimeMs : 0;
  const pkgTime = fs.statSync("package.json").mtimeMs;
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= Math.max(lockTime, pkgTime)) return;
  console.log("› Installing npm packages…");
  // Debian's libsqlite3-dev lets sqlite3 build in seconds instead of compiling SQLite itself.
  const env = fs.existsSync("/usr/include/sqlite3.h") ? { npm_config_sqlite: "/usr" } : {};
  run("npm install --no-audit --no-fund --loglevel=error", { ...env, PUPPETEER_SKIP_DOWNLOAD: "1" });
  fs.writeFileSync(stamp, new Date().toISOString());
}

function hasCommand(cmd) {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/bash" });
    return true;
  } catch {
    return false;
  }
}

export function ensureBrowser() {
  const missing = [];
  if (!fs.existsSync("/usr/bin/chromium")) missing.push("chromium");
  if (!hasCommand("pdftotext")) missing.push("poppler-utils");
  if (!hasCommand("zbarimg")) missing.push("zbar-tools");
  if (!hasCommand("redis-server")) missing.push("redis-server");
  if (!fs.existsSync("/usr/include/sqlite3.h")) missing.push("libsqlite3-dev");
  // The deployment test (tests/deployment) runs the documented nginx in front of the instances.
  if (!fs.existsSync("/usr/sbin/nginx")) missing.push("nginx-light");
  // Fonts for names in any script on the card and its PDF (issue 28): Devanagari, Thai, Hebrew,
  // Arabic, Greek and Cyrillic in Noto core; Chinese, Japanese and Korean in Noto CJK.
  if (!fs.existsSync("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf")) missing.push("fonts-noto-core");
  if (!fs.existsSync("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")) missing.push("fonts-noto-cjk");
  if (!missing.length) return;
  console.log(`› Installing Debian packages: ${missing.join(" ")}…`);
  const sudo = process.getuid && process.getuid() === 0 ? "" : "sudo ";
  run(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq --no-install-recommends ${missing.join(" ")}`, {
    DEBIAN_FRONTEND: "noninteractive",
  });
}
