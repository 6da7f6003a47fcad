import { appendQuery, assertTxnId, normalizeReturnQuery, resultUrl } from "./urls";

describe("return URLs", () => {
  it("builds /new-register/:regId/:paymentType/:actionType with isPayment, regId and TXNID", () => {
    expect(resultUrl("https://tims.test/new-register/12/esewa/", "decline", 12, "T-1")).toBe(
      "https://tims.test/new-register/12/esewa/decline?isPayment=1&regId=12&TXNID=T-1",
    );
  });

  it("appends to URLs with or without a query, keeping a fragment last", () => {
    expect(appendQuery("/a", { x: "1 2" })).toBe("/a?x=1+2");
    expect(appendQuery("/a?y=2", { x: "1" })).toBe("/a?y=2&x=1");
    expect(appendQuery("/a?", { x: "1" })).toBe("/a?x=1");
    expect(appendQuery("https://h/a#top", { x: "1" })).toBe("https://h/a?x=1#top");
    expect(appendQuery("/a", {})).toBe("/a");
  });

  it("splits provider values glued onto ours by a naive '?' append", () => {
    const query = normalizeReturnQuery(new URLSearchParams("isPayment=1&regId=12&TXNID=T-1?PRN=T-1&PS=true&DV=ABC=="));
    expect(Object.fromEntries(query)).toEqual({ isPayment: "1", regId: "12", TXNID: "T-1", PRN: "T-1", PS: "true", DV: "ABC==" });
    expect(Object.fromEntries(normalizeReturnQuery(new URLSearchParams("q=what?")))).toEqual({ q: "what?" });
  });

  it("accepts only transaction ids every provider takes", () => {
    expect(() => assertTxnId("TIMS-12-abc")).not.toThrow();
    for (const bad of ["", "x".repeat(21), "a b", "a_b", "a/b"]) expect(() => assertTxnId(bad)).toThrow();
  });
});
