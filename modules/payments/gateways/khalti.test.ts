import { createKhaltiGateway } from "./khalti.server";
import { failingFetch, START, stubFetch, testConfig } from "./test-helpers";

const cfg = testConfig();
const expected = { txnId: "T-K1", amountPaisa: 270000, providerRef: "bZQLD9wRVWo4CdESSfuSsB" };
const lookup = (status: string, extra: Record<string, unknown> = {}) => ({
  pidx: expected.providerRef,
  total_amount: 270000,
  status,
  transaction_id: status === "Completed" ? "GFq9PFS7b2iYvL8Lir9oXe" : null,
  fee: 0,
  refunded: false,
  ...extra,
});

describe("Khalti start", () => {
  it("initiates with the secret key, amounts in paisa, and redirects to payment_url", async () => {
    const fetch = stubFetch({
      pidx: "PIDX1",
      payment_url: "https://test-pay.khalti.com/?pidx=PIDX1",
      expires_at: "2026-01-01T00:30:00+05:45",
      expires_in: 1800,
    });
    const result = await createKhaltiGateway({ config: cfg, fetch }).start({
      ...START,
      txnId: "T-K1",
      amountPaisa: 270000,
      returnUrl: "https://tims.test/new-register/12/khalti",
      customer: { name: "Ram Bahadur", email: "ram@example.com", phone: "" },
    });
    expect(result).toEqual({ kind: "redirect", url: "https://test-pay.khalti.com/?pidx=PIDX1", providerRef: "PIDX1" });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("http://127.0.0.1:3999/sim/khalti/api/v2/epayment/initiate/");
    expect(init?.method).toBe("POST");
    expect((init?.headers as Record<string, string>).Authorization).toBe("Key dev-khalti-secret-key-not-real");
    expect(JSON.parse(String(init?.body))).toEqual({
      return_url: "https://tims.test/new-register/12/khalti/success?isPayment=1&regId=12&TXNID=T-K1",
      website_url: expect.stringMatching(/^https?:\/\//),
      amount: 270000,
      purchase_order_id: "T-K1",
      purchase_order_name: "TIMS card x2",
      customer_info: { name: "Ram Bahadur", email: "ram@example.com" },
    });
  });

  it("throws with Khalti's answer when initiation is refused", async () => {
    const input = { ...START, txnId: "T-K2", amountPaisa: 500, returnUrl: "https://tims.test/x" };
    await expect(
      createKhaltiGateway({
        config: cfg,
        fetch: stubFetch({ amount: ["Amount should be greater than Rs. 10, that is 1000 paisa."], error_key: "validation_error" }, 400),
      }).start(input),
    ).rejects.toThrow(/1000 paisa/);
    await expect(createKhaltiGateway({ config: cfg, fetch: stubFetch({ detail: "Invalid token." }, 401) }).start(input)).rejects.toThrow(/Invalid token/);
  });
});

describe("Khalti confirm", () => {
  it.each([
    ["Completed", 200, "success"],
    ["Pending", 200, "pending"],
    ["Initiated", 200, "pending"],
    ["User canceled", 400, "failure"],
    ["Expired", 400, "failure"],
    ["Refunded", 200, "failure"],
    ["Partially Refunded", 200, "failure"],
  ])("maps lookup %s (HTTP %i) to %s", async (status, http, mapped) => {
    const fetch = stubFetch(lookup(status), http);
    const result = await createKhaltiGateway({ config: cfg, fetch }).confirm({ query: new URLSearchParams({ pidx: expected.providerRef, status }), expected });
    expect(result.status).toBe(mapped);
    expect(result.tampered).toBeUndefined();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("http://127.0.0.1:3999/sim/khalti/api/v2/epayment/lookup/");
    expect(JSON.parse(String(init?.body))).toEqual({ pidx: expected.providerRef });
    if (mapped === "success") expect(result).toMatchObject({ providerRef: "GFq9PFS7b2iYvL8Lir9oXe", amountPaisa: 270000 });
  });

  it("looks up the stored pidx even when the callback is empty (a later re-check)", async () => {
    const fetch = stubFetch(lookup("Completed"));
    expect((await createKhaltiGateway({ config: cfg, fetch }).confirm({ query: new URLSearchParams(), expected })).status).toBe("success");
  });

  it.each([
    ["a lookup for another amount", { pidx: expected.providerRef }, lookup("Completed", { total_amount: 1000 })],
    ["a callback naming another pidx", { pidx: "OTHERPIDX" }, lookup("Completed")],
    ["a callback naming another order", { purchase_order_id: "T-OTHER" }, lookup("Completed")],
    ["a callback with another amount", { amount: "1000", total_amount: "1000", status: "Completed" }, lookup("Completed")],
    ["a lookup naming another pidx", {}, lookup("Completed", { pidx: "OTHER" })],
  ])("refuses %s as tampered", async (_name, query, answer) => {
    const result = await createKhaltiGateway({ config: cfg, fetch: stubFetch(answer) }).confirm({
      query: new URLSearchParams(query as Record<string, string>),
      expected,
    });
    expect(result).toMatchObject({ status: "failure", tampered: true });
  });

  it("never takes the callback's own word: a Completed callback the lookup calls Initiated stays pending", async () => {
    const query = new URLSearchParams({ pidx: expected.providerRef, status: "Completed", amount: "270000", total_amount: "270000", purchase_order_id: "T-K1" });
    expect((await createKhaltiGateway({ config: cfg, fetch: stubFetch(lookup("Initiated")) }).confirm({ query, expected })).status).toBe("pending");
  });

  it("fails an unknown pidx and stays pending when Khalti cannot answer", async () => {
    expect(
      (await createKhaltiGateway({ config: cfg, fetch: stubFetch({ detail: "Not found." }, 404) }).confirm({ query: new URLSearchParams(), expected })).status,
    ).toBe("failure");
    expect(
      (await createKhaltiGateway({ config: cfg, fetch: stubFetch({ detail: "Invalid token." }, 401) }).confirm({ query: new URLSearchParams(), expected }))
        .status,
    ).toBe("pending");
    expect((await createKhaltiGateway({ config: cfg, fetch: failingFetch }).confirm({ query: new URLSearchParams(), expected })).status).toBe("pending");
  });

  it("finds our transaction id in the callback", () => {
    const gateway = createKhaltiGateway({ config: cfg });
    expect(gateway.txnIdFromReturn!(new URLSearchParams({ purchase_order_id: "T-K1" }))).toBe("T-K1");
    expect(gateway.txnIdFromReturn!(new URLSearchParams("TXNID=T-K1?pidx=abc&status=Completed"))).toBe("T-K1");
  });
});
