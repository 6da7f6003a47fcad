// Issue 28, item 1: a name in any script, end to end. For one name of each script the card page
// shows it (right-to-left names isolated in the left-to-right card), the PDF is named after it
// (RFC 6266 filename*), its text holds it (pdftotext, with Noto fonts embedded), and its QR
// decodes (zbarimg) to a signed text carrying the name as written, which the published key set
// verifies (node:crypto with the JWK, not the server's code).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { NAMES_BY_SCRIPT } from "../factories/names";
import { makeRoute } from "../factories/registrations";
import { signInAs } from "./support/auth-cookie";
import { makeActiveUser } from "./support/roles";

const NAMES = NAMES_BY_SCRIPT;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "names-any-script-"));
// pdftotext writes the glyphs of a shaped script in its own order; compare the letters alone.
const letters = (s: string) => [...s.normalize("NFC").replace(/[\s\p{M}]/gu, "")].sort().join("");

test("a card for a name in each script: page, PDF name and text, QR decoded and verified", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const agency = await makeActiveUser("agency");
  const route = await makeRoute();
  const { trekkerIds } = await issuedCards(agency, await makeCardGenerator(), route.id, { trekkers: NAMES.map(([, name]) => name) });
  const keys = (await (await fetch(`${baseURL}/.well-known/tims-card-keys.json`)).json()) as { keys: { kid: string; x: string }[] };
  await signInAs(page, agency.email);

  for (const [index, [script, name]] of NAMES.entries()) {
    const id = trekkerIds[index];
    await page.goto(`/tims-cards/${id}`);
    const card = page.getByTestId("tims-card");
    await expect(card.getByText(name, { exact: true })).toBeVisible();
    await expect(card.getByText(name, { exact: true })).toHaveAttribute("dir", "auto");

    await expect
      .poll(async () => (await page.request.get(`/tims-cards/${id}/pdf`)).headers()["content-type"], { timeout: 60_000, message: script })
      .toBe("application/pdf");
    const response = await page.request.get(`/tims-cards/${id}/pdf`);
    const disposition = response.headers()["content-disposition"];
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? ""), script).toBe(`${name}.pdf`);
    const pdf = path.join(work, `${script}.pdf`);
    fs.writeFileSync(pdf, await response.body());
    const text = execFileSync("pdftotext", [pdf, "-"]).toString();
    const line = text.split("\n").find((l) => letters(l).includes(letters(name)));
    expect(line, `${script}: the PDF's text holds the name\n${text}`).toBeTruthy();
    // Every glyph had a font: no .notdef boxes.
    const fonts = execFileSync("pdffonts", [pdf]).toString();
    expect(fonts, script).toMatch(/Noto/);

    // The QR: its image out of the PDF, read by zbar, verified with the published key.
    execFileSync("pdfimages", ["-png", pdf, path.join(work, script)]);
    const decoded = fs
      .readdirSync(work)
      .filter((f) => f.startsWith(`${script}-`) && f.endsWith(".png"))
      .map((f) => {
        try {
          return execFileSync("zbarimg", ["-q", "--raw", path.join(work, f)], { stdio: ["ignore", "pipe", "ignore"] })
            .toString()
            .replace(/\n$/, "");
        } catch {
          return "";
        }
      })
      .find((t) => t.startsWith("TIMS2|"));
    expect(decoded, `${script}: a QR in the PDF`).toBeTruthy();
    const cut = decoded!.lastIndexOf("|");
    const signed = decoded!.slice(0, cut);
    expect(signed.split("|")[7], script).toBe(name.normalize("NFC"));
    const jwk = keys.keys.find((k) => k.kid === signed.split("|")[1])!;
    const key = crypto.createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
    expect(crypto.verify(null, Buffer.from(signed, "utf8"), key, Buffer.from(decoded!.slice(cut + 1), "base64")), script).toBe(true);
  }
});
