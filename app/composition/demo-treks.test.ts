import { beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import sharp from "sharp";
import { addDays, kathmanduDate } from "@lib/dates";
import { storedFileResponse } from "@lib/files/storage.server";
import { billIdOfRegistration } from "@modules/payments/index.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { checkinsOf } from "@modules/checkins/index.server";
import { sequelize } from "../../db/sequelize.server";
import { prepareDatabase } from "../../db/seed.server";
import { DEMO_TREKS, seedDemoTreks } from "./demo-treks.server";

const registrations = () =>
  sequelize.query<{ id: number; status: string; entryDate: string }>("SELECT id, status, entryDate FROM registrations ORDER BY id", {
    type: QueryTypes.SELECT,
  });

describe("the demo treks of npm start", () => {
  let made: number[];
  beforeAll(async () => {
    // As the browser tests' server prepares its database: accounts and routes, no treks.
    expect(await prepareDatabase({ demo: true, treks: false })).toMatchObject({ demoSeeded: true });
    expect(await registrations()).toEqual([]);
    made = await seedDemoTreks();
  }, 60_000);

  it("registers every demo trek through the services, dated from today in Nepal", async () => {
    expect(made).toHaveLength(DEMO_TREKS.length);
    const rows = await registrations();
    expect(rows.map((r) => Number(r.id))).toEqual(made);
    const today = kathmanduDate();
    rows.forEach((r, i) => expect(String(r.entryDate).slice(0, 10)).toBe(addDays(today, DEMO_TREKS[i].days[0])));
    for (const [i, regId] of made.entries()) {
      expect((await cardNumbersOf(regId)).map((t) => t.fullName)).toEqual(DEMO_TREKS[i].trekkers.map((t) => t.fullName));
    }
  });

  it("paid treks have a bill and numbered cards; the unpaid one awaits its payment", async () => {
    const rows = await registrations();
    for (const [i, regId] of made.entries()) {
      const paid = Boolean(DEMO_TREKS[i].paid);
      expect(await billIdOfRegistration(regId), `registration ${regId}`).toEqual(paid ? expect.any(Number) : null);
      const numbers = (await cardNumbersOf(regId)).map((t) => t.cardNumber);
      expect(numbers.every((n) => (paid ? typeof n === "number" : n === null))).toBe(true);
      if (!paid) expect(rows[i].status).toBe("Payment Pending");
    }
  });

  it("the checkpost at Chame has checked in the first trekkers of today's trek, which is now Active", async () => {
    const rows = await registrations();
    for (const [i, regId] of made.entries()) {
      const checkedIn = DEMO_TREKS[i].checkedIn ?? 0;
      const cards = await cardNumbersOf(regId);
      for (const [j, card] of cards.entries()) {
        const seen = await checkinsOf(card.trekkerId);
        expect(
          seen.map((c) => c.place),
          card.fullName,
        ).toEqual(j < checkedIn ? ["Chame"] : []);
      }
      expect(rows[i].status, `registration ${regId}`).toBe(checkedIn ? "Active" : DEMO_TREKS[i].paid ? "Upcoming" : "Payment Pending");
    }
    // The demo data must hold a check-in, or the loop above would check nothing of the scans.
    expect(DEMO_TREKS.some((t) => t.checkedIn)).toBe(true);
  });

  it("every trekker has a stored square JPEG photo, made by the photo step", async () => {
    const keys = await sequelize.query<{ photoKey: string }>("SELECT photoKey FROM trekkers", { type: QueryTypes.SELECT });
    expect(keys).toHaveLength(DEMO_TREKS.flatMap((t) => t.trekkers).length);
    for (const { photoKey } of keys) {
      const meta = await sharp(Buffer.from(await (await storedFileResponse(photoKey)).arrayBuffer())).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBeGreaterThan(100);
      expect(meta.height).toBe(meta.width);
    }
  });
});
