import { describe, expect, it } from "vitest";
import {
  actionsFor,
  CARD_ACTIONS,
  CARD_STATUSES,
  CardReasonError,
  CardTransitionError,
  canTransition,
  checkReason,
  isCancelled,
  mayAct,
  nextStatus,
  statusByDates,
  sweepPath,
  SYSTEM_ACTIONS,
  transitionRefusal,
  USER_ACTIONS,
  type CardAction,
  type CardStatus,
} from "./lifecycle";

/** Spec 2 §4 and issue 8, written out independently of the table under test. */
const ALLOWED_FROM: Record<CardAction, CardStatus[]> = {
  cancel: ["Accomplished", "Active", "Completed", "Upcoming"],
  delete: ["Payment Failure", "Payment Pending", "Rejected"],
  generate: ["Payment Failure", "Payment Pending"],
  return: ["Upcoming", "Active"],
  approveReturn: ["Returned"],
  rejectReturn: ["Returned"],
  activate: ["Upcoming"],
  complete: ["Active"],
  miss: ["Active"],
  // Issue 25: unpaid treks that are over; a voucher awaiting review is not among them.
  expire: ["Payment Pending", "Payment Failure", "Rejected"],
  issue: ["Payment Pending", "Payment Failure", "Pending", "Rejected"],
  markUnpaid: ["Payment Pending", "Payment Failure", "Rejected", "Pending"],
};
const VERB: Record<CardAction, string> = {
  cancel: "cancelled",
  delete: "deleted",
  generate: "generated",
  return: "returned",
  approveReturn: "approved as returned",
  rejectReturn: "refused as returned",
  activate: "activated",
  complete: "completed",
  miss: "missed",
  expire: "expired",
  issue: "issued",
  markUnpaid: "marked unpaid",
};

// A trek from 10 to 20 March 2030; "today" is fixed per case.
const DATES = { entryDate: "2030-03-10", exitDate: "2030-03-20" };
const before = { ...DATES, today: "2030-03-01", scanned: false };
const during = { ...DATES, today: "2030-03-15", scanned: false };
const after = { ...DATES, today: "2030-03-21", scanned: false };
/** markUnpaid needs the payment outcome; the other moves ignore it. */
const duringUnpaid = { ...during, unpaid: "Payment Failure" as const };

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected a refusal");
}

/** A card in `status`; a Returned card is one whose return awaits a decision. */
const card = (status: string) => ({ status, returnState: status === "Returned" ? ("requested" as const) : null });

describe("the statuses (the spec's 13 and Expired) and the actions", () => {
  it("knows the spec's statuses, Expired, and every action", () => {
    expect([...CARD_STATUSES].sort()).toEqual(
      [
        "Active",
        "Approved",
        "Approval Pending",
        "Pending",
        "Payment Pending",
        "Payment Failure",
        "Cancelled",
        "Accomplished",
        "Completed",
        "Missed",
        "Returned",
        "Rejected",
        "Upcoming",
        "Expired",
      ].sort(),
    );
    expect([...CARD_ACTIONS].sort()).toEqual(Object.keys(ALLOWED_FROM).sort());
    expect([...SYSTEM_ACTIONS].sort()).toEqual(["activate", "complete", "expire", "issue", "markUnpaid", "miss"]);
    expect([...USER_ACTIONS].sort()).toEqual(["approveReturn", "cancel", "delete", "generate", "rejectReturn", "return"]);
  });

  const cases = CARD_ACTIONS.flatMap((action) => CARD_STATUSES.map((status) => [action, status, ALLOWED_FROM[action].includes(status)] as const));
  it.each(cases)("%s from %s: allowed %s", (action, status, allowed) => {
    expect(canTransition(action, card(status))).toBe(allowed);
    if (allowed) {
      expect(transitionRefusal(action, card(status))).toBeNull();
      expect(() => nextStatus(action, card(status), duringUnpaid)).not.toThrow();
    } else {
      const message = `A card in status ${status} can not be ${VERB[action]}.`;
      expect(transitionRefusal(action, card(status))).toBe(message);
      expect(() => nextStatus(action, card(status), duringUnpaid)).toThrow(new CardTransitionError(message));
    }
  });

  it("says it plainly, as the server answers", () => {
    expect(() => nextStatus("cancel", "Payment Pending", during)).toThrow("A card in status Payment Pending can not be cancelled.");
    const e = thrown(() => nextStatus("delete", "Active", during));
    expect(e).toBeInstanceOf(CardTransitionError);
    expect((e as CardTransitionError).status).toBe(409);
  });

  it("refuses unknown statuses and deleted records", () => {
    for (const action of CARD_ACTIONS) {
      expect(canTransition(action, "Deleted")).toBe(false);
      expect(canTransition(action, "")).toBe(false);
      for (const status of CARD_STATUSES) {
        expect(transitionRefusal(action, { ...card(status), deleted: true })).toBe(`A deleted card can not be ${VERB[action]}.`);
      }
    }
  });
});

describe("where each move leads", () => {
  it("cancel → Cancelled, with the watermark", () => {
    for (const s of ALLOWED_FROM.cancel) expect(nextStatus("cancel", s, during)).toBe("Cancelled");
    expect(isCancelled("Cancelled")).toBe(true);
    for (const s of CARD_STATUSES.filter((x) => x !== "Cancelled")) expect(isCancelled(s)).toBe(false);
    expect(isCancelled(null)).toBe(false);
  });

  it("delete keeps the status (the record is marked deleted)", () => {
    for (const s of ALLOWED_FROM.delete) expect(nextStatus("delete", s, during)).toBe(s);
  });

  it("expire → Expired, a terminal status nothing leaves", () => {
    for (const s of ALLOWED_FROM.expire) expect(nextStatus("expire", s, after)).toBe("Expired");
    for (const action of CARD_ACTIONS) expect(canTransition(action, "Expired")).toBe(false);
  });

  it("generate issues Upcoming before the entry date, Active from it", () => {
    expect(nextStatus("generate", "Payment Pending", before)).toBe("Upcoming");
    expect(nextStatus("generate", "Payment Failure", { ...before, today: "2030-03-10" })).toBe("Active");
    expect(nextStatus("generate", "Payment Failure", during)).toBe("Active");
  });

  it("return → Returned (requested); approve keeps Returned; reject restores by dates", () => {
    expect(nextStatus("return", "Upcoming", before)).toBe("Returned");
    expect(nextStatus("return", "Active", during)).toBe("Returned");
    expect(nextStatus("approveReturn", card("Returned"), during)).toBe("Returned");
    expect(nextStatus("rejectReturn", card("Returned"), before)).toBe("Upcoming");
    expect(nextStatus("rejectReturn", card("Returned"), during)).toBe("Active");
    expect(nextStatus("rejectReturn", card("Returned"), after)).toBe("Missed");
    expect(nextStatus("rejectReturn", card("Returned"), { ...after, scanned: true })).toBe("Completed");
  });

  it("a return is decided once", () => {
    for (const action of ["approveReturn", "rejectReturn"] as const) {
      expect(canTransition(action, { status: "Returned", returnState: "requested" })).toBe(true);
      expect(transitionRefusal(action, { status: "Returned", returnState: "approved" })).toBe("The return of this card has already been decided.");
      expect(transitionRefusal(action, { status: "Returned", returnState: null })).toBe(`A card in status Returned can not be ${VERB[action]}.`);
    }
    // A refused return leaves the card returnable again.
    expect(canTransition("return", { status: "Active", returnState: "rejected" })).toBe(true);
  });

  it("not when scanned: return and approve are refused, reject is not", () => {
    const scanned = { ...during, scanned: true };
    expect(() => nextStatus("return", "Active", scanned)).toThrow("A card that has been scanned at a checkpoint can not be returned.");
    expect(() => nextStatus("approveReturn", card("Returned"), scanned)).toThrow(CardTransitionError);
    expect(nextStatus("rejectReturn", card("Returned"), scanned)).toBe("Active");
    expect(nextStatus("cancel", "Active", scanned)).toBe("Cancelled");
  });

  it("issue (a confirmed payment) issues like generate, also from Pending and Rejected", () => {
    expect(nextStatus("issue", "Payment Pending", before)).toBe("Upcoming");
    expect(nextStatus("issue", "Pending", during)).toBe("Active");
    expect(nextStatus("issue", "Rejected", before)).toBe("Upcoming");
    expect(() => nextStatus("issue", "Upcoming", before)).toThrow("A card in status Upcoming can not be issued.");
  });

  it("markUnpaid goes where the payment outcome says; a rejected voucher only from Pending", () => {
    expect(nextStatus("markUnpaid", "Payment Pending", { ...during, unpaid: "Payment Failure" })).toBe("Payment Failure");
    expect(nextStatus("markUnpaid", "Payment Failure", { ...during, unpaid: "Pending" })).toBe("Pending");
    expect(nextStatus("markUnpaid", "Pending", { ...during, unpaid: "Rejected" })).toBe("Rejected");
    expect(() => nextStatus("markUnpaid", "Payment Pending", { ...during, unpaid: "Rejected" })).toThrow(CardTransitionError);
    expect(() => nextStatus("markUnpaid", "Upcoming", { ...during, unpaid: "Payment Failure" })).toThrow("A card in status Upcoming can not be marked unpaid.");
    expect(() => nextStatus("markUnpaid", "Payment Pending", during)).toThrow(/needs the payment outcome/);
  });

  it("the sweeper's moves", () => {
    expect(nextStatus("activate", "Upcoming", during)).toBe("Active");
    expect(nextStatus("complete", "Active", after)).toBe("Completed");
    expect(nextStatus("miss", "Active", after)).toBe("Missed");
  });

  it("statusByDates", () => {
    expect(statusByDates(before)).toBe("Upcoming");
    expect(statusByDates({ ...during, today: DATES.entryDate })).toBe("Active");
    expect(statusByDates({ ...during, today: DATES.exitDate })).toBe("Active");
    expect(statusByDates(after)).toBe("Missed");
    expect(statusByDates({ ...after, scanned: true })).toBe("Completed");
  });
});

describe("reasons (spec 2 §5)", () => {
  it.each(["cancel", "delete"] as const)("%s needs 10+ characters", (action) => {
    expect(() => checkReason(action, "too short")).toThrow(new CardReasonError("Minimum 10 character is required"));
    expect(() => checkReason(action, "   123456789   ")).toThrow("Minimum 10 character is required");
    expect(() => checkReason(action, "")).toThrow("Reason field is required");
    expect(() => checkReason(action, null)).toThrow("Reason field is required");
    expect(() => checkReason(action, "x".repeat(2001))).toThrow(CardReasonError);
    expect(checkReason(action, "  1234567890  ")).toBe("1234567890");
    const e = thrown(() => checkReason(action, "short"));
    expect(e).toBeInstanceOf(CardReasonError);
    expect((e as CardReasonError).field).toBe("reason");
    expect((e as CardReasonError).status).toBe(400);
  });

  it("return reasons and decision remarks are optional; generate takes none", () => {
    expect(checkReason("return", "")).toBeNull();
    expect(checkReason("return", " lost trip ")).toBe("lost trip");
    expect(checkReason("approveReturn", undefined)).toBeNull();
    expect(checkReason("rejectReturn", "no")).toBe("no");
    expect(checkReason("generate", "anything")).toBeNull();
  });
});

describe("who may act (permission table)", () => {
  const OWNER = 10;
  const user = (userType: number, id = OWNER, grants: string[] = []) => ({ id, userType, grants });
  const ROLES = { fit: 1, agency: 2, ntb: 4, checkpost: 5, taan: 6 } as const;
  /** Verdict on someone else's card, per role, without grants. */
  const EXPECTED: Record<CardAction, Record<keyof typeof ROLES, "allowed" | "forbidden" | "not-own">> = {
    cancel: { fit: "forbidden", agency: "forbidden", ntb: "allowed", checkpost: "forbidden", taan: "forbidden" },
    delete: { fit: "forbidden", agency: "not-own", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
    generate: { fit: "forbidden", agency: "forbidden", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
    return: { fit: "not-own", agency: "not-own", ntb: "allowed", checkpost: "not-own", taan: "forbidden" },
    approveReturn: { fit: "forbidden", agency: "forbidden", ntb: "allowed", checkpost: "forbidden", taan: "not-own" },
    rejectReturn: { fit: "forbidden", agency: "forbidden", ntb: "allowed", checkpost: "forbidden", taan: "not-own" },
    activate: { fit: "forbidden", agency: "forbidden", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
    complete: { fit: "forbidden", agency: "forbidden", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
    miss: { fit: "forbidden", agency: "forbidden", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
    expire: { fit: "forbidden", agency: "forbidden", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
    issue: { fit: "forbidden", agency: "forbidden", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
    markUnpaid: { fit: "forbidden", agency: "forbidden", ntb: "forbidden", checkpost: "forbidden", taan: "forbidden" },
  };
  const cases = CARD_ACTIONS.flatMap((a) => (Object.keys(ROLES) as (keyof typeof ROLES)[]).map((r) => [a, r] as const));

  it.each(cases)("%s by %s", (action, role) => {
    const someoneElse = user(ROLES[role], OWNER + 1);
    expect(mayAct(someoneElse, action, OWNER)).toBe(EXPECTED[action][role]);
    const owner = user(ROLES[role], OWNER);
    // TAAN's "not-own" is about whose card it is (an agency's), never about being its owner.
    const own = EXPECTED[action][role] === "not-own" && role !== "taan" ? "allowed" : EXPECTED[action][role];
    expect(mayAct(owner, action, OWNER)).toBe(own);
  });

  it("TAAN decides returns of its member agencies' cards only; the board any; neither TAAN returns a card", () => {
    const taan = user(ROLES.taan, 1);
    const ntb = user(ROLES.ntb, 1);
    const agencyCard = { id: OWNER, type: ROLES.agency };
    const fitCard = { id: OWNER, type: ROLES.fit };
    for (const move of ["approveReturn", "rejectReturn"] as const) {
      expect(mayAct(taan, move, agencyCard)).toBe("allowed");
      expect(mayAct(taan, move, fitCard)).toBe("not-own");
      expect(mayAct(ntb, move, fitCard)).toBe("allowed");
      expect(mayAct(ntb, move, agencyCard)).toBe("allowed");
    }
    expect(mayAct(taan, "return", agencyCard)).toBe("forbidden");
    expect(mayAct(taan, "return", fitCard)).toBe("forbidden");
    expect(mayAct(ntb, "return", fitCard)).toBe("allowed");
    expect(mayAct(user(ROLES.fit, OWNER), "return", fitCard)).toBe("allowed");
    expect(mayAct(user(ROLES.agency, OWNER + 1), "return", agencyCard)).toBe("not-own");
  });

  it("generate card is a grant, whatever the role", () => {
    for (const t of Object.values(ROLES)) {
      expect(mayAct(user(t, 1, ["generateCard"]), "generate", OWNER)).toBe("allowed");
      expect(mayAct(user(t, 1, ["changeUserPassword"]), "generate", OWNER)).toBe("forbidden");
    }
  });

  it("nobody signed in may do nothing", () => {
    for (const a of CARD_ACTIONS) expect(mayAct(null, a, OWNER)).toBe("forbidden");
  });

  it("actionsFor offers the buttons a row should show", () => {
    const ntb = user(4, 1);
    expect(actionsFor(ntb, { status: "Active", ownerId: OWNER })).toEqual(["cancel", "return"]);
    expect(actionsFor(user(4, 1, ["generateCard"]), { status: "Payment Pending", ownerId: OWNER })).toEqual(["generate"]);
    expect(actionsFor(user(2, OWNER), { status: "Payment Pending", ownerId: OWNER })).toEqual(["delete"]);
    expect(actionsFor(user(2, OWNER + 1), { status: "Payment Pending", ownerId: OWNER })).toEqual([]);
    expect(actionsFor(user(6, 1), { status: "Returned", returnState: "requested", ownerId: OWNER, ownerType: 2 })).toEqual(["approveReturn", "rejectReturn"]);
    expect(actionsFor(user(6, 1), { status: "Returned", returnState: "requested", ownerId: OWNER, ownerType: 2, scanned: true })).toEqual(["rejectReturn"]);
    expect(actionsFor(user(6, 1), { status: "Returned", returnState: "requested", ownerId: OWNER, ownerType: 1 })).toEqual([]);
    expect(actionsFor(user(6, 1), { status: "Active", ownerId: OWNER, ownerType: 2 })).toEqual([]);
    expect(actionsFor(user(1, OWNER), { status: "Upcoming", ownerId: OWNER })).toEqual(["return"]);
    expect(actionsFor(ntb, { status: "Cancelled", ownerId: OWNER })).toEqual([]);
    expect(actionsFor(ntb, { status: "Active", ownerId: OWNER, deleted: true })).toEqual([]);
  });
});

describe("the sweeper's path on fixed dates", () => {
  it.each([
    ["Upcoming", "2030-03-09", "none", []],
    ["Upcoming", "2030-03-10", "none", ["activate"]],
    ["Upcoming", "2030-03-20", "none", ["activate"]],
    ["Upcoming", "2030-03-21", "none", ["activate", "miss"]],
    ["Upcoming", "2030-03-21", "out", ["activate", "complete"]],
    ["Upcoming", "2030-03-21", "seen", ["activate"]],
    ["Active", "2030-03-15", "none", []],
    ["Active", "2030-03-20", "out", []],
    ["Active", "2030-03-21", "out", ["complete"]],
    ["Active", "2030-03-21", "none", ["miss"]],
    // Checked in, never out, after the exit date: still Active, for the overdue report.
    ["Active", "2030-03-21", "seen", []],
    ["Cancelled", "2030-03-21", "none", []],
    ["Returned", "2030-03-21", "none", []],
    // Unpaid after the exit date: expired (issue 25); on the exit day it is not yet over.
    ["Payment Pending", "2030-03-20", "none", []],
    ["Payment Pending", "2030-03-21", "none", ["expire"]],
    ["Payment Failure", "2030-03-21", "none", ["expire"]],
    ["Rejected", "2030-03-21", "none", ["expire"]],
    // A voucher awaiting the board's check waits for the decision; an expired card stays.
    ["Pending", "2030-03-21", "none", []],
    ["Expired", "2030-03-30", "none", []],
  ] as const)("%s on %s (trail %s) → %j", (status, today, trail, path) => {
    expect(sweepPath(status, DATES, today, trail)).toEqual(path);
    // Every step is a move the table allows.
    let current: string = status;
    const scanned = trail !== "none";
    for (const step of path) current = nextStatus(step, current, { ...DATES, today, scanned });
  });
});
