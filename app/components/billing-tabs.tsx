import { Tabs } from "@lib/ui/tabs";

/** Billing's tabs: the bills (sales, each with its receipt) and the refunds (payments that bought nothing). */
export function BillingTabs({ active }: { active: "bills" | "refunds" }) {
  return (
    <Tabs
      label="Billing"
      tabs={[
        { label: "Bills", to: "/billing", active: active === "bills" },
        { label: "Refunds", to: "/billing/refunds", active: active === "refunds" },
      ]}
    />
  );
}
