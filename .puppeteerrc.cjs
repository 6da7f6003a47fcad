/**
 * Puppeteer never downloads a browser here: card PDFs render with Debian's chromium
 * (`apt-get install chromium`, which scripts/ensure-deps.mjs does for tests). Set
 * PUPPETEER_EXECUTABLE_PATH to use another Chrome/Chromium binary.
 * @type {import("puppeteer").Configuration}
 */
module.exports = {
  skipDownload: true,
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || "/usr/bin/chromium",
};
