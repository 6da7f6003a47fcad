import { beforeAll, describe, expect, it } from "vitest";
import { exportList, loadList } from "@lib/list/list.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeUser } from "../../tests/factories/users";
import { agencyRequestSource } from "@modules/users/index.server";
import { agencyRequestsList } from "./requests-list";

// Requests > Trekking Agency on the list kit: request state and search filters, newest first,
// the Requests export with the filters.

const tag = `req${Math.random().toString(36).slice(2, 7)}`;
const get = (query: string) => new Request(`http://tims.test/requests${query}`);
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
  const agency = async (key: string, over: object) => (ids[key] = (await makeUser({ userType: 2, organizationName: `Org ${key} ${tag}`, ...over })).id);
  await agency("New", { isDocumentUploaded: false });
  await agency("Sent", { isDocumentUploaded: true });
  await agency("Ok", { isDocumentUploaded: true, isVerified: true });
});

describe("Requests > Trekking Agency", () => {
  it("filters by request state and search, and exports Requests", async () => {
    const rows = async (query: string) => (await loadList(agencyRequestsList, get(query), agencyRequestSource())).rows.map((r) => [r.id, r.requestStatus]);
    expect(await rows(`?name=${tag}`)).toEqual([
      [ids.Ok, "approved"],
      [ids.Sent, "pending"],
      [ids.New, "document_pending"],
    ]);
    expect(await rows(`?name=${tag}&status=pending`)).toEqual([[ids.Sent, "pending"]]);
    const file = await csv(exportList(agencyRequestsList, get(`?name=${tag}&status=approved`), agencyRequestSource()));
    expect(file[0]).toEqual(["Status", "Company Name", "Email", "Address", "PAN", "Contact Number", "Regd. Date"]);
    expect(file.slice(1).map((r) => r.slice(0, 2))).toEqual([["Approved", `Org Ok ${tag}`]]);
  });
});
