import { beforeAll, describe, expect, it } from "vitest";
import { exportList, loadList } from "@lib/list/list.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { USERS_TABS } from "./kinds";
import { userListSource } from "./list-sources.server";
import { createUser } from "./service.server";
import { USERS_TAB_HIDDEN, usersList } from "./users-list";

// The Users page on the list kit: filters, newest first, the columns a tab hides also gone
// from its export, the export equal to the list.

const tag = `lst${Math.random().toString(36).slice(2, 7)}`;
const tab = (id: string) => USERS_TABS.find((t) => t.id === id)!;
const get = (query: string) => new Request(`http://tims.test/users${query}`);
const ids: Record<string, number> = {};

async function csv(response: Response): Promise<string[][]> {
  return new TextDecoder()
    .decode(await response.arrayBuffer())
    .trim()
    .split("\n")
    .map((l) => l.split(","));
}

beforeAll(async () => {
  await prepareTestDatabase();
  const user = (key: string, over: Parameters<typeof createUser>[0] extends infer T ? Partial<T> : never) =>
    createUser({ userType: 6, email: `${key}.${tag}@list.test`, password: "Valid#Pass1", fullName: `Name ${key}`, emailVerified: true, ...over }).then(
      (u) => (ids[key] = u.id),
    );
  await user("taan1", {});
  await user("taan2", { status: "Disabled" });
  await user("agencyNew", { userType: 2, organizationName: `Org New ${tag}` });
  await user("agencySent", { userType: 2, organizationName: `Org Sent ${tag}`, isDocumentUploaded: true });
  await user("agencyOk", { userType: 2, organizationName: `Org Ok ${tag}`, isDocumentUploaded: true, isVerified: true });
});

describe("Users", () => {
  it("lists a tab's users newest first, filtered by status and search", async () => {
    const rows = async (query: string, t = "taan") => (await loadList(usersList, get(query), userListSource(tab(t)))).rows.map((r) => r.id);
    expect(await rows(`?username=${tag}`)).toEqual([ids.taan2, ids.taan1]);
    expect(await rows(`?username=${tag}&status=Disabled`)).toEqual([ids.taan2]);
    expect(await rows(`?username=${tag}`, "agency")).toEqual([ids.agencyOk, ids.agencySent, ids.agencyNew]);
  });

  it("a deep page (keys from the index, then the page's rows) is the same slice as reading them all", async () => {
    const deepTag = `dp${Math.random().toString(36).slice(2, 7)}`;
    for (let i = 0; i < 12; i++) {
      await createUser({
        userType: 2,
        email: `deep${i}.${deepTag}@deep.test`,
        password: "Valid#Pass1",
        fullName: `Deep ${i}`,
        organizationName: `Deep Org ${i} ${deepTag}`,
        emailVerified: true,
      });
    }
    const page = async (query: string) => (await loadList(usersList, get(query), userListSource(tab("agency")))).rows;
    const all = await page(`?username=${deepTag}&pageSize=50`);
    expect(all).toHaveLength(12);
    expect(await page(`?username=${deepTag}&pageSize=10&pageindex=1`)).toEqual(all.slice(10));
    // Every agency of the tab, unfiltered: page 2 of 10 continues page 1 exactly, whole rows with names.
    const [first, next] = [await page("?pageSize=10"), await page("?pageSize=10&pageindex=1")];
    expect(first).toHaveLength(10);
    expect(next.length).toBeGreaterThan(0);
    expect(next[0].id).toBeLessThan(first[9].id);
    const wide = await page("?pageSize=20");
    expect(next.map((r) => r.id)).toEqual(wide.slice(10, 10 + next.length).map((r) => r.id));
    expect(next).toEqual(wide.slice(10, 10 + next.length));
  });

  it("exports Users with the tab's columns only", async () => {
    const agency = await csv(exportList(usersList, get(`?username=${tag}`), userListSource(tab("agency")), { hidden: USERS_TAB_HIDDEN.agency, batchSize: 2 }));
    expect(agency[0]).toEqual(["Agency Name", "Email", "Contact Address", "Country", "Type", "Register Date", "Status", "Remarks"]);
    expect(agency.slice(1).map((r) => r[0])).toEqual([`Org Ok ${tag}`, `Org Sent ${tag}`, `Org New ${tag}`]);
    const taan = await csv(exportList(usersList, get(`?username=${tag}`), userListSource(tab("taan")), { hidden: USERS_TAB_HIDDEN.taan }));
    expect(taan[0]).toEqual(["Full Name", "Email", "Register Date", "Status", "Remarks"]);
    expect(taan.length).toBe(3);
  });
});
