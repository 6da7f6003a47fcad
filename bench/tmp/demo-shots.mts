import { chromium } from "playwright";
const base = "http://127.0.0.1:3930";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const [email, width, ...paths] = process.argv.slice(2);
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 844 }, javaScriptEnabled: !process.env.NOJS });
const page = await ctx.newPage();
await page.goto(`${base}/login`);
await page.getByLabel("Email").fill(email);
await page.getByLabel("Password", { exact: true }).fill("Trek@2026");
await page.getByRole("button", { name: "Login" }).click();
await page.waitForURL((u) => !u.pathname.startsWith("/login"));
for (const path of paths) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState("networkidle");
  const name = `/tmp/d-${email.split("@")[0]}${path.replace(/[\/?=&]/g, "_")}-${width}.png`;
  await page.screenshot({ path: name, fullPage: true });
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(name, "scrollWidth", sw);
}
await browser.close();
