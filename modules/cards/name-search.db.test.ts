// Search by any part of a name (issue 28 item 2), through the functions the pages call: the
// header search (searchTrekkersFor) and the trekker lists' search (the list sources), on SQLite
// and MariaDB, each role within its own rows.
import { beforeAll, describe, expect, it } from "vitest";
import { loadList } from "@lib/list/list.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, person } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { trekkerIdsOf } from "../../tests/factories/cards";
import { trekkersList } from "./lists/trekkers.server";
import { deletedTrekkersList } from "./trekker-lists.server";
import { deleteTrekkerCard } from "./lifecycle.server";
import { deletedTrekkerSource, searchTrekkersFor, trekkerListHidden, trekkerListSource } from "./trekker-list-source.server";

const u = {} as Record<"ntb" | "taan" | "agency" | "other" | "fit", TestUser>;
const made = {} as Record<"zoe" | "hans" | "sophie" | "pemba" | "wang" | "jose" | "otherMuller" | "fitMuller" | "deleted", number>;

beforeAll(async () => {
  await prepareTestDatabase();
  const route = await makeRoute("Name Search");
  u.ntb = await makeUser({ userType: 4 });
  u.taan = await makeUser({ userType: 6 });
  u.agency = await makeUser({ userType: 2, organizationName: "Alpha Names" });
  u.other = await makeUser({ userType: 2, organizationName: "Beta Names" });
  u.fit = await makeUser({ userType: 1 });
  const names = ["Zoë O'Brien-Müller", "Hans Müller", "Sophie Martin", "पेम्बा शेर्पा", "王小明", "José Ñúñez Álvarez", "Martina Keller"];
  const reg = (await makeRegistration(u.agency, route.id, { trekkers: names.map((n, i) => person(n, { passportNumber: `NS${i}77` })) })).regId;
  [made.zoe, made.hans, made.sophie, made.pemba, made.wang, made.jose, made.deleted] = await trekkerIdsOf(reg);
  [made.otherMuller] = await trekkerIdsOf((await makeRegistration(u.other, route.id, { trekkers: ["Greta Mueller-Müller"] })).regId);
  [made.fitMuller] = await trekkerIdsOf((await makeRegistration(u.fit, route.id, { trekkers: ["Fritz Müllerová"] })).regId);
  await deleteTrekkerCard(u.agency, made.deleted, "Duplicate entry");
}, 60_000);

const ids = (hits: { trekkerId: number }[]) => hits.map((h) => h.trekkerId).sort((a, b) => a - b);
const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);
const header = async (viewer: TestUser, text: string) => ids(await searchTrekkersFor(viewer, text));
const list = async (viewer: TestUser, text: string) =>
  ids(
    (
      await loadList(trekkersList, new Request(`http://tims.test/trekkers?username=${encodeURIComponent(text)}&pageSize=100`), trekkerListSource(viewer), {
        hidden: trekkerListHidden(viewer),
      })
    ).rows,
  );

describe("search by any part of a name", () => {
  it("the issue's examples, in the header search and the Trekkers list alike", async () => {
    for (const search of [header, list]) {
      for (const text of ["muller", "Müller", "MULLER", "Mull"]) expect(await search(u.agency, text)).toEqual(sorted(made.zoe, made.hans));
      expect(await search(u.agency, "brien")).toEqual([made.zoe]);
      expect(await search(u.agency, "O'Brien")).toEqual([made.zoe]);
      expect(await search(u.agency, "o’brien müller")).toEqual([made.zoe]);
      expect(await search(u.agency, "zoe")).toEqual([made.zoe]);
      expect(await search(u.agency, "martin")).toEqual([made.sophie]);
      expect(await search(u.agency, "Sophie Martin")).toEqual([made.sophie]);
      expect(await search(u.agency, "martin sophie")).toEqual([made.sophie]);
      expect(await search(u.agency, "nunez")).toEqual([made.jose]);
      expect(await search(u.agency, "शेर्पा")).toEqual([made.pemba]);
      expect(await search(u.agency, "पेम्बा")).toEqual([made.pemba]);
      expect(await search(u.agency, "王")).toEqual([made.wang]);
      expect(await search(u.agency, "小明")).toEqual([made.wang]);
    }
  });

  it("two words or more: the rarer word's trekkers first, each trekker once, in its viewer's rows", async () => {
    for (const search of [header, list]) {
      // "mu" begins two words of Greta Mueller-Müller's name: she is found once.
      expect(await search(u.other, "mu greta")).toEqual([made.otherMuller]);
      expect(await search(u.ntb, "greta mu")).toEqual([made.otherMuller]);
      // The same words in either order, whichever range is smaller.
      expect(await search(u.ntb, "m hans")).toEqual([made.hans]);
      expect(await search(u.ntb, "hans m")).toEqual([made.hans]);
      // Another agency's trekker is not found through the driving word.
      expect(await search(u.agency, "greta mu")).toEqual([]);
    }
    const total = async (viewer: TestUser, text: string) =>
      (
        await loadList(trekkersList, new Request(`http://tims.test/trekkers?username=${encodeURIComponent(text)}`), trekkerListSource(viewer), {
          hidden: trekkerListHidden(viewer),
        })
      ).total;
    expect(await total(u.ntb, "mu greta")).toBe(1);
    // Greta's two words beginning "mu" each match both words; she is counted once.
    expect(await total(u.ntb, "mu m")).toBe(4);
  });

  it("every word must begin a word of the name; inside a word does not match", async () => {
    expect(await header(u.agency, "hans martin")).toEqual([]);
    expect(await header(u.agency, "uller")).toEqual([]);
    expect(await header(u.agency, "'-.")).toEqual([]);
    expect(await header(u.agency, "शरप")).toEqual([]);
  });

  it("each role finds only its own rows, as before", async () => {
    for (const search of [header, list]) {
      expect(await search(u.ntb, "muller")).toEqual(sorted(made.zoe, made.hans, made.otherMuller, made.fitMuller));
      expect(await search(u.taan, "muller")).toEqual(sorted(made.zoe, made.hans, made.otherMuller, made.fitMuller));
      expect(await search(u.other, "muller")).toEqual([made.otherMuller]);
      expect(await search(u.other, "zoe")).toEqual([]);
    }
    expect(await header(u.fit, "muller")).toEqual([made.fitMuller]);
    expect(await header(u.agency, "greta")).toEqual([]);
  });

  it("passport, card number and registration id still find their trekker; a deleted record is searched on its own list", async () => {
    expect(await header(u.agency, "NS277")).toEqual([made.sophie]);
    expect(await header(u.agency, "ns277")).toEqual([made.sophie]);
    expect(await header(u.other, "NS277")).toEqual([]);
    expect(await list(u.agency, "keller")).toEqual([]);
    const deleted = await loadList(deletedTrekkersList, new Request("http://tims.test/deleted-trekkers?username=keller"), deletedTrekkerSource(u.ntb));
    expect(ids(deleted.rows)).toEqual([made.deleted]);
  });
});
