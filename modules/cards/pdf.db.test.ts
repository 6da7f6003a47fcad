import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Jimp } from "jimp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { inDays } from "../../tests/factories/dates";
import { person as trekker } from "../../tests/factories/registrations";
import { NAMES_BY_SCRIPT } from "../../tests/factories/names";
import { makeUser } from "../../tests/factories/users";
import { config } from "@lib/config.server";
import { sequelize, writeTransaction } from "../../db/sequelize.server";
import { listOutbox, readOutboxMessage } from "../../emails/outbox.server";
import { closePdfRenderer, createPdfRenderer, getPdfRenderer } from "../../jobs/pdf-renderer.server";
import { drainQueue, getQueue } from "../../jobs/queue.server";
import { storeFile } from "@lib/files/storage.server";
import { PaymentAttempt } from "@modules/payments/index.server";
import { claimAttempt, settle } from "@modules/payments/index.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { addTrekker, createRegistration, lockPrice } from "@modules/registration/index.server";
import { createRoute } from "@modules/trek-routes/index.server";
import { issuePaidCards } from "./issue.server";
import { CardPdf, cardPdfState, pdfFileName, renderCardPdf, requestCardPdf } from "./pdf.server";

// The first test launches Chromium (about a second, more on a busy machine).
const SLOW = 45_000;

const person = (fullName: string, email: string) => trekker(fullName, { email, passportNumber: "P1234567" });

let routeId = 0;
let photoKey = "";
let seq = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tims-pdf-test-"));

/** A registration with trekkers, priced; `names` become the trekkers' full names. */
async function registration(names: string[]) {
  const n = ++seq;
  const u = await makeUser({ userType: 1, fullName: "Payer" });
  const viewer = { id: u.id, userType: 1, grants: [] };
  const trek = { routeId, entryDate: inDays(2), exitDate: inDays(8), entryPoint: "Besisahar", exitPoint: "Jomsom" };
  const regId = await createRegistration(viewer, trek, person(names[0], `trekker${n}-0@t.test`), photoKey);
  for (const [i, name] of names.slice(1).entries()) await addTrekker(regId, viewer, person(name, `trekker${n}-${i + 1}@t.test`), photoKey);
  const amount = await lockPrice(regId, viewer);
  return { regId, payer: u.id, amount };
}

/** Pays the registration as an eSewa confirmation does (settle with a claimed attempt): the settle outcome. */
async function pay(r: { regId: number; payer: number; amount: number }) {
  const attempt = await PaymentAttempt.create({
    registrationId: r.regId,
    userId: r.payer,
    gateway: "esewa",
    methodId: 1,
    txnId: `PDF${r.regId}-${Date.now()}`.slice(0, 20),
    amountPaisa: r.amount,
  });
  return settle({ registrationId: r.regId, amountPaisa: r.amount, methodId: 1, payerUserId: r.payer, attemptId: attempt.id, claim: claimAttempt(attempt.id) });
}

/** Cards issued without going through settle, so no "cards.issued" job runs in the background. */
async function issuedWithoutJobs(names: string[]) {
  const r = await registration(names);
  await writeTransaction(async (t) => issuePaidCards((await registrationForPayment(r.regId, t))!, t, { announce: false }));
  return cardNumbersOf(r.regId);
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(tmp, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

function pdfInfo(bytes: Uint8Array): string {
  const file = path.join(tmp, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdfinfo", [file], { encoding: "utf8" });
}

function pdfPages(bytes: Uint8Array): number {
  return Number(/Pages:\s+(\d+)/.exec(pdfInfo(bytes))?.[1]);
}

/** The card's QR as zbarimg reads it off the PDF drawn at 150 dpi. */
function qrOf(bytes: Uint8Array): string {
  const base = path.join(tmp, `qr-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(`${base}.pdf`, bytes);
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", `${base}.pdf`, base]);
  return execFileSync("zbarimg", ["-q", "--raw", `${base}.png`], { encoding: "utf8" });
}

const stored = (key: string) => fs.readFileSync(path.join(config.filesDir, key));
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = await createRoute({
    name: `PDF Route ${Date.now()}`,
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: [],
    description: "<p>x</p>",
  });
  const photo = new Jimp({ width: 400, height: 400, color: 0x3b82f6ff });
  photoKey = await storeFile("photos", await photo.getBuffer("image/jpeg"), "jpg");
});

afterAll(async () => {
  await drainQueue();
  await closePdfRenderer();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("pdfFileName", () => {
  it("is the full name as written, in any script, without what a file system refuses; else tims-card.pdf", () => {
    expect(pdfFileName("Anna Müller")).toBe("Anna Müller.pdf");
    expect(pdfFileName("  José  O'Brien / Straße ")).toBe("José O'Brien Straße.pdf");
    expect(pdfFileName('a"b\\c\r\nd')).toBe("a b c d.pdf");
    expect(pdfFileName("../../etc/passwd")).toBe("etc passwd.pdf");
    expect(pdfFileName("李小龙")).toBe("李小龙.pdf");
    expect(pdfFileName("पेम्बा शेर्पा")).toBe("पेम्बा शेर्पा.pdf");
    expect(pdfFileName("\u202e/..")).toBe("tims-card.pdf");
    expect(pdfFileName("")).toBe("tims-card.pdf");
    expect(pdfFileName(null)).toBe("tims-card.pdf");
    expect(pdfFileName("x".repeat(300))).toHaveLength(84);
  });
});

describe("card PDFs", () => {
  it(
    "renderCardPdf renders the card, stores it and records it as ready",
    async () => {
      const [card] = await issuedWithoutJobs(["Anna Müller"]);
      expect(await cardPdfState(card.trekkerId)).toEqual({ status: "none" });

      const state = await renderCardPdf(card.trekkerId);
      expect(state.status).toBe("ready");
      if (state.status !== "ready") return;
      expect(await cardPdfState(card.trekkerId)).toMatchObject({ status: "ready", fileKey: state.fileKey });
      expect(state.fileKey).toMatch(/^card-pdfs\/\d{4}-\d{2}\/[a-f0-9]{32}\.pdf$/);

      const bytes = stored(state.fileKey);
      expect(isPdf(bytes)).toBe(true);
      expect(pdfPages(bytes)).toBe(1);
      const text = pdfText(bytes);
      expect(text).toContain(String(card.cardNumber));
      expect(text).toContain("Anna Müller");
      expect(text).toContain("Tourist Police 1144");

      // The file is named by the card's content: rendering the unchanged card again (a job retried
      // after its worker died between storing and recording the file) reuses it.
      const rendersBefore = getPdfRenderer().stats().renders;
      const same = await renderCardPdf(card.trekkerId);
      expect(same).toMatchObject({ status: "ready", fileKey: state.fileKey });
      expect(getPdfRenderer().stats().renders).toBe(rendersBefore);
      // A changed card gets a new file, and the old one is removed.
      await CardPdf.sequelize!.query("UPDATE trekkers SET fullName = 'Anna Müller-Keller' WHERE id = ?", { replacements: [card.trekkerId] });
      const again = await renderCardPdf(card.trekkerId);
      expect(again.status === "ready" && again.fileKey).not.toBe(state.fileKey);
      expect(pdfText(stored(again.status === "ready" ? again.fileKey : ""))).toContain("Anna Müller-Keller");
      expect(fs.existsSync(path.join(config.filesDir, state.fileKey))).toBe(false);
    },
    SLOW,
  );

  it("requestCardPdf queues one render through the job queue, then reports ready", async () => {
    const [card] = await issuedWithoutJobs(["Queued Trekker"]);
    const before = getPdfRenderer().stats().renders;

    const asked = await Promise.all([requestCardPdf(card.trekkerId), requestCardPdf(card.trekkerId), requestCardPdf(card.trekkerId)]);
    expect(asked.map((s) => s.status)).toEqual(["pending", "pending", "pending"]);
    expect(await cardPdfState(card.trekkerId)).toEqual({ status: "pending" });

    await drainQueue();
    const state = await cardPdfState(card.trekkerId);
    expect(state.status).toBe("ready");
    expect(getPdfRenderer().stats().renders - before).toBe(1);
    if (state.status !== "ready") return;
    expect(await requestCardPdf(card.trekkerId)).toEqual(state);
    const text = pdfText(stored(state.fileKey));
    expect(text).toContain(String(card.cardNumber));
    expect(text).toContain("Queued Trekker");
  });

  it("a failed, lost or missing PDF is queued again; a trekker without a card gets none", async () => {
    const [card] = await issuedWithoutJobs(["Retry Trekker"]);
    await CardPdf.create({ trekkerId: card.trekkerId, status: "failed", error: "boom" });
    expect(await cardPdfState(card.trekkerId)).toEqual({ status: "failed" });
    expect(await requestCardPdf(card.trekkerId)).toEqual({ status: "pending" });
    await drainQueue();
    const ready = await cardPdfState(card.trekkerId);
    expect(ready.status).toBe("ready");

    // The file vanished (a wiped volume): not "ready" any more, and asking renders it again.
    if (ready.status === "ready") fs.rmSync(path.join(config.filesDir, ready.fileKey));
    expect(await cardPdfState(card.trekkerId)).toEqual({ status: "none" });
    expect(await requestCardPdf(card.trekkerId)).toEqual({ status: "pending" });
    await drainQueue();
    expect((await cardPdfState(card.trekkerId)).status).toBe("ready");

    // A pending row whose job was lost long ago is re-queued; a fresh one is left alone.
    await CardPdf.update({ status: "pending" }, { where: { trekkerId: card.trekkerId } });
    expect(await requestCardPdf(card.trekkerId)).toEqual({ status: "pending" });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await sequelize.query("UPDATE card_pdfs SET updatedAt = :longAgo WHERE trekkerId = :id", { replacements: { longAgo, id: card.trekkerId } });
    expect(await requestCardPdf(card.trekkerId)).toEqual({ status: "pending" });
    await drainQueue();
    expect((await cardPdfState(card.trekkerId)).status).toBe("ready");

    const unpaid = await registration(["Unpaid Trekker"]);
    const [noCard] = await cardNumbersOf(unpaid.regId);
    expect(await requestCardPdf(noCard.trekkerId)).toEqual({ status: "none" });
    expect(await CardPdf.count({ where: { trekkerId: noCard.trekkerId } })).toBe(0);
    expect(await requestCardPdf(999_999_999)).toEqual({ status: "none" });
  });

  it("a settled payment e-mails each trekker their card as a PDF named after them, once", async () => {
    const r = await registration(["Anna Müller", "Ben Okafor"]);
    const renders = vi.spyOn(getPdfRenderer(), "render");
    const outcome = await pay(r);
    expect(outcome).toBe("issued");
    await drainQueue();
    // Both cards came from one Chromium print (ADR 0056), split into a PDF each below.
    const cardPrints = renders.mock.calls.filter(([html]) => html.includes('data-testid="tims-card"'));
    renders.mockRestore();
    expect(cardPrints).toHaveLength(1);
    expect(cardPrints[0][0].match(/data-testid="tims-card"/g)).toHaveLength(2);

    const cards = await cardNumbersOf(r.regId);
    const mails = (await listOutbox()).filter((m) => m.to.includes(`trekker${seq}-`));
    expect(mails).toHaveLength(2);
    for (const [i, card] of cards.entries()) {
      const entry = mails.find((m) => m.to.includes(`trekker${seq}-${i}@t.test`));
      expect(entry?.subject).toBe(`Your TIMS card ${card.cardNumber}`);
      const message = (await readOutboxMessage(entry!.id))!;
      expect(message.text).toContain(String(card.cardNumber));
      expect(message.attachments).toHaveLength(1);
      const [pdf] = message.attachments;
      expect(pdf.filename).toBe(pdfFileName(card.fullName));
      expect(pdf.contentType).toContain("application/pdf");
      expect(isPdf(pdf.content)).toBe(true);
      const text = pdfText(pdf.content);
      expect(text).toContain(String(card.cardNumber));
      expect(text).toContain(card.fullName);
      // Its own card alone, tagged for a screen reader, with a QR that an outside reader decodes to its number.
      const other = cards.find((c) => c.trekkerId !== card.trekkerId)!;
      expect(text).not.toContain(other.fullName);
      expect(pdfPages(pdf.content)).toBe(1);
      expect(pdfInfo(pdf.content)).toMatch(/Tagged:\s+yes/);
      expect(pdfInfo(pdf.content)).toContain(`TIMS card ${card.cardNumber} ${card.fullName}`);
      expect(qrOf(pdf.content)).toContain(`${card.cardNumber}`);
      expect((await cardPdfState(card.trekkerId)).status).toBe("ready");
    }
    expect(mails.map((m) => m.subject).sort()).toEqual(cards.map((c) => `Your TIMS card ${c.cardNumber}`).sort());
    expect((await readOutboxMessage(mails[0].id))!.attachments[0].filename).toMatch(/^(Anna Müller|Ben Okafor)\.pdf$/);

    // A replayed job (a retry) sends nothing twice.
    await getQueue().enqueue("cards.issued", { registrationId: r.regId });
    await drainQueue();
    expect((await listOutbox()).filter((m) => m.to.includes(`trekker${seq}-`))).toHaveLength(2);
  });
});

describe("cards printed together", () => {
  it("when the shared print fails, each card is printed on its own and still e-mailed once", async () => {
    const r = await registration(["Chandra Rai", "Dawa Lama", "Eka Gurung"]);
    const renderer = getPdfRenderer();
    const real = renderer.render.bind(renderer);
    const renders = vi.spyOn(renderer, "render").mockImplementation((html, ...rest) => {
      const cards = html.match(/data-testid="tims-card"/g)?.length ?? 0;
      return cards > 1 ? Promise.reject(new Error("Chromium ran out of memory")) : real(html, ...rest);
    });
    try {
      expect(await pay(r)).toBe("issued");
      await drainQueue();
    } finally {
      renders.mockRestore();
    }
    const cards = await cardNumbersOf(r.regId);
    const mails = (await listOutbox()).filter((m) => m.to.includes(`trekker${seq}-`));
    expect(mails).toHaveLength(3);
    for (const card of cards) {
      const entry = mails.find((m) => m.subject === `Your TIMS card ${card.cardNumber}`)!;
      expect(pdfText((await readOutboxMessage(entry.id))!.attachments[0].content)).toContain(card.fullName);
      expect((await cardPdfState(card.trekkerId)).status).toBe("ready");
    }
  });
});

describe("card e-mails for names in every script", () => {
  it(
    "each trekker's e-mail names them as written, and its PDF is named after them (read back by mailparser)",
    async () => {
      const names = NAMES_BY_SCRIPT.map(([, name]) => name);
      const r = await registration(names);
      expect(await pay(r)).toBe("issued");
      await drainQueue();
      const mails = (await listOutbox()).filter((m) => m.to.includes(`trekker${seq}-`));
      expect(mails).toHaveLength(names.length);
      for (const [i, name] of names.entries()) {
        const entry = mails.find((m) => m.to.includes(`trekker${seq}-${i}@t.test`))!;
        const message = (await readOutboxMessage(entry.id))!;
        expect(message.text, name).toContain(name);
        expect(message.html, name).toContain(name);
        expect(message.attachments[0].filename, name).toBe(`${name}.pdf`);
        // The PDF's text in each script is checked in the browser test (tests/e2e/names-any-script.spec.ts).
        expect(isPdf(message.attachments[0].content)).toBe(true);
      }
    },
    SLOW * 2,
  );
});

describe("PDF renderer", () => {
  it("prints each paper size on pages of its own, reused for that size", async () => {
    const renderer = createPdfRenderer({ pages: 2 });
    const html = (n: number) => `<!DOCTYPE html><html><body><p>Paper check ${n}</p></body></html>`;
    const a4 = { format: "A4", landscape: false } as const;
    try {
      for (const n of [1, 2, 3]) {
        expect(pdfInfo(await renderer.render(html(n), a4))).toMatch(/Page size:\s+595[.\d]* x 84[12]/);
        expect(pdfInfo(await renderer.render(html(n)))).toMatch(/Page size:\s+59[45][.\d]* x 420/);
      }
      // One page for A4 and one for A5, each reused: the A5 cards never print on a page that printed A4.
      expect(renderer.stats()).toMatchObject({ pagesOpen: 2, pagesMade: 2, renders: 6 });
    } finally {
      await renderer.close();
    }
    // With room for one page only, the other size's idle page makes way.
    const single = createPdfRenderer({ pages: 1 });
    try {
      for (const n of [1, 2]) {
        await single.render(html(n), a4);
        await single.render(html(n));
      }
      expect(single.stats()).toMatchObject({ pagesOpen: 1, pagesMade: 4, renders: 4 });
    } finally {
      await single.close();
    }
  });

  it(
    "keeps at most its pages busy, relaunches a killed browser, and closes after running renders",
    async () => {
      const renderer = createPdfRenderer({ pages: 2 });
      const html = (n: number) => `<!DOCTYPE html><html><body><p>Renderer check ${n}</p></body></html>`;
      let mostBusy = 0;
      const poll = setInterval(() => (mostBusy = Math.max(mostBusy, renderer.stats().busy)), 2);
      const first = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => renderer.render(html(n))));
      clearInterval(poll);
      expect(first.every(isPdf)).toBe(true);
      expect(pdfText(first[5])).toContain("Renderer check 6");
      expect(mostBusy).toBeLessThanOrEqual(2);
      expect(renderer.stats()).toMatchObject({ pagesOpen: 2, pagesMade: 2, busy: 0, waiting: 0, renders: 6, launches: 1 });

      // A crashed browser is replaced on the next render.
      const pid = renderer.stats().browserPid!;
      process.kill(pid, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(pdfText(await renderer.render(html(7)))).toContain("Renderer check 7");
      expect(renderer.stats().launches).toBe(2);
      expect(renderer.stats().browserPid).not.toBe(pid);

      // Closing lets running renders finish, then refuses new ones.
      const running = [8, 9, 10].map((n) => renderer.render(html(n)));
      const closed = renderer.close();
      expect((await Promise.all(running)).every(isPdf)).toBe(true);
      await closed;
      await expect(renderer.render(html(11))).rejects.toThrow(/closed/);
      expect(renderer.stats().browserPid).toBeNull();
    },
    SLOW,
  );
});
