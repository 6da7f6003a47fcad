// Issue 29 item 3: family who follow a trek. The follower named at registration gets a private
// link; its page shows only the route, the dates and the checkpoints passed; another trekker's
// link shows only theirs; a tampered, revoked or replaced link opens nothing; the follower is
// e-mailed once when the trekker checks out and once when the case is escalated to rescue; only
// the registration's owner and the board may change or revoke the follower.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeCheckpostAt, makeTrail, trailCards } from "../../tests/factories/checkins";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { linksIn, mailsTo } from "../../tests/security/support";
import { closeQueue } from "../../jobs/queue.server";
import { scanCard } from "@modules/checkins/index.server";
import { followerFor, revokeFollower, setFollower } from "@modules/registration/index.server";
import { findOverdueTrekkers, followerPage, moveCase } from "./index.server";

const u = {} as Record<"board" | "agency" | "other" | "taan", TestUser>;
type Card = Awaited<ReturnType<typeof trailCards>>[number];
let a: Card;
let b: Card;
let trailA: Awaited<ReturnType<typeof makeTrail>>;
let trailB: Awaited<ReturnType<typeof makeTrail>>;
const stamp = Date.now().toString(36);
const famA = `fam-a-${stamp}@follow.test`;
const famB = `fam-b-${stamp}@follow.test`;
const famA2 = `fam-a2-${stamp}@follow.test`;
const day = (d: string) => ({ today: d, now: new Date(`${d}T04:00:00Z`) });

/** The token of the last /follow/ link e-mailed to `to` with a subject matching `subject`. */
async function followToken(to: string, subject: RegExp): Promise<string> {
  const mail = (await mailsTo(to)).filter((m) => subject.test(m.subject ?? "")).at(-1);
  const link = mail ? linksIn(mail).find((l) => l.includes("/follow/")) : undefined;
  if (!link) throw new Error(`no follow link to ${to}`);
  return link.split("/follow/")[1];
}

beforeAll(async () => {
  await prepareTestDatabase();
  u.board = await makeUser({ userType: 4, fullName: "Board Follow" });
  u.taan = await makeUser({ userType: 6, fullName: "Taan Follow" });
  const agency = { isDocumentUploaded: true, isVerified: true, isApproved: true };
  u.agency = await makeUser({ userType: 2, organizationName: "Follow Treks", ...agency } as never);
  u.other = await makeUser({ userType: 2, organizationName: "Other Follow Treks", ...agency } as never);
  trailA = await makeTrail(0);
  trailB = await makeTrail(0);
  [a] = await trailCards(trailA.route.id, { entry: "2043-05-01", exit: "2043-05-05", owner: u.agency, fields: { followerEmail: famA } });
  [b] = await trailCards(trailB.route.id, { entry: "2043-06-01", exit: "2043-06-08", owner: u.agency, fields: { followerEmail: famB } });
});

afterAll(async () => {
  await closeQueue().catch(() => {});
});

describe("the follower's link", () => {
  it("is e-mailed when the trekker is registered with a follower", async () => {
    const mails = (await mailsTo(famA)).filter((m) => /Follow .* trek in Nepal/.test(m.subject ?? ""));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(a.fullName);
  });

  it("shows only the route, the dates and the checkpoints passed", async () => {
    const token = await followToken(famA, /trek in Nepal/);
    await scanCard(trailA.checkpost, { qr: a.qr, method: "qr" }, day("2043-05-02"));
    const page = await followerPage(token);
    expect(page).toEqual({
      routeName: trailA.route.name,
      entryDate: "2043/05/01",
      exitDate: "2043/05/05",
      entryPoint: "Besisahar",
      exitPoint: "Jomsom",
      passed: [{ place: "Dharapani Gate", date: "2043/05/02" }],
    });
    const text = JSON.stringify(page);
    for (const secret of [a.fullName, a.passport, String(a.cardNumber), famA, "p@x.test"]) expect(text).not.toContain(secret);
  });

  it("of another trekker shows only that trekker's trek", async () => {
    const page = await followerPage(await followToken(famB, /trek in Nepal/));
    expect(page).toMatchObject({ routeName: trailB.route.name, entryDate: "2043/06/01", passed: [] });
    expect(JSON.stringify(page)).not.toContain(trailA.route.name);
  });

  it("opens nothing when tampered with", async () => {
    const token = await followToken(famA, /trek in Nepal/);
    const [body, signature] = token.split(".");
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(await followerPage(`${body}.${flipped}`)).toBeNull();
    // B's claims under A's signature, and a token of another purpose's shape.
    const other = (await followToken(famB, /trek in Nepal/)).split(".")[0];
    expect(await followerPage(`${other}.${signature}`)).toBeNull();
    expect(await followerPage("not-a-token")).toBeNull();
    expect(await followerPage("")).toBeNull();
  });
});

describe("who manages the follower", () => {
  it("refuses another agency and TAAN (404), shows the owner and the board", async () => {
    await expect(revokeFollower(u.other, a.trekkerId)).rejects.toMatchObject({ status: 404 });
    await expect(setFollower(u.taan, a.trekkerId, "x@follow.test")).rejects.toMatchObject({ status: 404 });
    expect(await followerFor(u.other, a.trekkerId)).toBeNull();
    expect(await followerFor(u.agency, a.trekkerId)).toMatchObject({ follower: { email: famA } });
    expect(await followerFor(u.board, a.trekkerId)).toMatchObject({ follower: { email: famA } });
  });

  it("revoking kills the link; naming another sends a new one", async () => {
    const old = await followToken(famA, /trek in Nepal/);
    expect(await revokeFollower(u.agency, a.trekkerId)).toBe(true);
    expect(await followerPage(old)).toBeNull();
    expect(await followerFor(u.agency, a.trekkerId)).toEqual({ follower: null });
    await setFollower(u.board, a.trekkerId, famA2.toUpperCase());
    const fresh = await followToken(famA2, /trek in Nepal/);
    expect(await followerPage(fresh)).toMatchObject({ routeName: trailA.route.name });
    expect(await followerPage(old)).toBeNull();
    // Naming the same address again changes nothing and sends nothing.
    await setFollower(u.agency, a.trekkerId, famA2);
    expect((await mailsTo(famA2)).filter((m) => /trek in Nepal/.test(m.subject ?? ""))).toHaveLength(1);
    await expect(setFollower(u.agency, a.trekkerId, "not an address")).rejects.toMatchObject({ status: 400 });
  });
});

describe("the follower's e-mails", () => {
  it("tells of the check-out once", async () => {
    const end = await makeCheckpostAt(trailB.route.id, trailB.points[trailB.points.length - 1].id);
    await scanCard(trailB.checkpost, { qr: b.qr, method: "qr" }, day("2043-06-02"));
    expect((await mailsTo(famB)).filter((m) => /checked out/.test(m.subject ?? ""))).toHaveLength(0);
    await scanCard(end, { qr: b.qr, method: "qr" }, day("2043-06-07"));
    await scanCard(end, { qr: b.qr, method: "qr" }, day("2043-06-08"));
    const out = (await mailsTo(famB)).filter((m) => /checked out/.test(m.subject ?? ""));
    expect(out).toHaveLength(1);
    expect(out[0].text).toContain("Muktinath Post");
    expect(linksIn(out[0]).some((l) => l.includes("/follow/"))).toBe(true);
  });

  it("tells of an escalation to rescue, the live follower only", async () => {
    await findOverdueTrekkers({ today: "2043-05-07", graceDays: 2, trekkerIds: [a.trekkerId] });
    await moveCase(u.agency, a.trekkerId, "contact", "Calling the guide");
    expect((await mailsTo(famA2)).filter((m) => /search/.test(m.subject ?? ""))).toHaveLength(0);
    await moveCase(u.board, a.trekkerId, "escalate", "Helicopter requested", { confirmed: true });
    const rescue = (await mailsTo(famA2)).filter((m) => /search has been started/.test(m.subject ?? ""));
    expect(rescue).toHaveLength(1);
    expect((await mailsTo(famA)).filter((m) => /search/.test(m.subject ?? ""))).toHaveLength(0);
  });
});
