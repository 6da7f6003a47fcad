import { Tabs } from "@lib/ui/tabs";

/** A checkpost's two trekker lists, each its own route (ADR 0038): Scanned Trekkers first, as it sees them first. */
export function TrekkerListTabs({ active }: { active: "scanned" | "trekkers" }) {
  return (
    <Tabs
      label="Trekker lists"
      className="mb-4"
      tabs={[
        { label: "Scanned Trekkers", to: "/trekkers/scanned", active: active === "scanned" },
        { label: "Trekkers", to: "/trekkers?tab=trekkers", active: active === "trekkers" },
      ]}
    />
  );
}
