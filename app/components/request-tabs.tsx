import { Tabs } from "@lib/ui/tabs";

export type RequestTab = "agencies" | "vouchers" | "returns";

/** The Requests page's tabs (spec 2 §2): Trekking Agency for everyone, Voucher and TIMS Card Return for the board. */
export function RequestTabs({ active, vouchers, returns }: { active: RequestTab; vouchers: boolean; returns: boolean }) {
  return (
    <Tabs
      label="Request types"
      tabs={[
        { label: "Trekking Agency", to: "/requests", active: active === "agencies" },
        ...(vouchers ? [{ label: "Voucher", to: "/requests/vouchers", active: active === "vouchers" }] : []),
        ...(returns ? [{ label: "TIMS Card Return", to: "/requests/card-returns", active: active === "returns" }] : []),
      ]}
    />
  );
}
