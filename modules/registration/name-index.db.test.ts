// The name search's token table stays the names' image (issue 28 item 2): written in the
// transaction that writes the name, replaced when the name changes, gone with a trekker removed
// for good, and filled for trekkers that have none (the migration's backfill).
import { beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, person, PHOTO_KEY } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { trekkerIdsOf } from "../../tests/factories/cards";
import { nameTokens } from "./name-tokens";
import { indexAllTrekkerNames } from "./name-index";
import { removeTrekker, updateTrekker } from "./service.server";
import { Trekker } from "./models/registration.server";

let agency: TestUser;
let routeId = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  agency = await makeUser({ userType: 2, organizationName: "Token Treks" });
  routeId = (await makeRoute("Tokens")).id;
}, 60_000);

const tokensOf = async (trekkerId: number) =>
  (
    await sequelize.query<{ token: string }>("SELECT token FROM trekker_name_tokens WHERE trekkerId = ? ORDER BY token", {
      replacements: [trekkerId],
      type: QueryTypes.SELECT,
    })
  ).map((r) => r.token);
const sortedTokens = (name: string) => [...nameTokens(name)].sort();

/** Trekkers whose stored tokens are not their name's, and tokens whose trekker is gone. */
async function drift(): Promise<{ wrong: number[]; orphans: number }> {
  const trekkers = await sequelize.query<{ id: number; fullName: string }>("SELECT id, fullName FROM trekkers", { type: QueryTypes.SELECT });
  const wrong: number[] = [];
  for (const t of trekkers) if (JSON.stringify(await tokensOf(Number(t.id))) !== JSON.stringify(sortedTokens(t.fullName))) wrong.push(Number(t.id));
  const [{ n }] = await sequelize.query<{ n: number }>(
    "SELECT COUNT(*) AS n FROM trekker_name_tokens k WHERE NOT EXISTS (SELECT 1 FROM trekkers t WHERE t.id = k.trekkerId)",
    { type: QueryTypes.SELECT },
  );
  return { wrong, orphans: Number(n) };
}

describe("trekker name tokens", () => {
  it("a new trekker's tokens are written with it; a name change re-tokenises; other edits keep them", async () => {
    const { regId } = await makeRegistration(agency, routeId, { trekkers: ["Zoë O'Brien-Müller", "Hans Müller"] });
    const [zoe, hans] = await trekkerIdsOf(regId);
    expect(await tokensOf(zoe)).toEqual(["brien", "muller", "o", "zoe"]);
    await updateTrekker(regId, hans, agency, person("Hans-Peter Mueller"), null);
    expect(await tokensOf(hans)).toEqual(["hans", "mueller", "peter"]);
    await updateTrekker(regId, hans, agency, person("Hans-Peter Mueller", { city: "Bern" }), PHOTO_KEY);
    expect(await tokensOf(hans)).toEqual(["hans", "mueller", "peter"]);
    expect(await drift()).toEqual({ wrong: [], orphans: 0 });
  });

  it("a trekker removed for good leaves no tokens (the service, and the table's cascade)", async () => {
    const { regId } = await makeRegistration(agency, routeId, { trekkers: ["Anna Keller", "Pema Sherpa", "Tenzing Norgay"] });
    const [, pema, tenzing] = await trekkerIdsOf(regId);
    await removeTrekker(regId, pema, agency);
    expect(await tokensOf(pema)).toEqual([]);
    await sequelize.query("DELETE FROM trekkers WHERE id = ?", { replacements: [tenzing] });
    expect(await tokensOf(tenzing)).toEqual([]);
    expect(await drift()).toEqual({ wrong: [], orphans: 0 });
  });

  it("tokens are written in the name's transaction: a rolled-back trekker leaves none", async () => {
    const { regId } = await makeRegistration(agency, routeId, { trekkers: ["First"] });
    await expect(
      sequelize.transaction(async (transaction) => {
        await Trekker.create({ registrationId: regId, registeredBy: agency.id, photoKey: PHOTO_KEY, ...person("Ghost Walker") }, { transaction });
        expect(await sequelize.query("SELECT 1 AS x FROM trekker_name_tokens WHERE token = 'ghost'", { type: QueryTypes.SELECT, transaction })).toHaveLength(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await sequelize.query("SELECT 1 AS x FROM trekker_name_tokens WHERE token = 'ghost'", { type: QueryTypes.SELECT })).toEqual([]);
    expect(await drift()).toEqual({ wrong: [], orphans: 0 });
  });

  it("the backfill gives every trekker its tokens, those it lacked and those it had", async () => {
    const { regId } = await makeRegistration(agency, routeId, { trekkers: ["Ελένη Παπαδοπούλου", "王小明"] });
    const [eleni, wang] = await trekkerIdsOf(regId);
    await sequelize.query("DELETE FROM trekker_name_tokens WHERE trekkerId IN (?, ?)", { replacements: [eleni, wang] });
    expect((await drift()).wrong.sort()).toEqual([eleni, wang].sort((a, b) => a - b));
    const [{ n }] = await sequelize.query<{ n: number }>("SELECT COUNT(*) AS n FROM trekkers", { type: QueryTypes.SELECT });
    expect(await indexAllTrekkerNames(sequelize.getQueryInterface(), 2)).toBe(Number(n));
    expect(await tokensOf(wang)).toEqual(["小", "明", "王"].sort());
    expect(await drift()).toEqual({ wrong: [], orphans: 0 });
  });
});
