import type { ReactNode } from "react";
import { cx } from "@lib/ui/class-names";
import { Backdrop, DialogBox } from "@lib/ui/dialog-parts";

export type SidePanelWidth = "sm" | "md" | "lg" | "xl";

// Full literal class names so Tailwind's scanner finds them.
const widths: Record<SidePanelWidth, string> = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-md",
  lg: "sm:max-w-2xl",
  xl: "sm:max-w-4xl",
};

export interface SidePanelProps {
  title: ReactNode;
  closeTo: string;
  children: ReactNode;
  width?: SidePanelWidth;
}

/**
 * Same contract as Modal (a nested route, closed by links / Escape) but slides in from the
 * right; full width on phones, where a narrow drawer would leave no room for its content.
 */
export function SidePanel({ title, closeTo, children, width = "md" }: SidePanelProps) {
  return (
    <div className="fixed inset-0 z-50">
      <Backdrop closeTo={closeTo} />
      <DialogBox
        title={title}
        closeTo={closeTo}
        bodyClassName="flex-1 overflow-y-auto px-5 py-4"
        className={cx(
          "fixed inset-y-0 right-0 flex w-full flex-col bg-white shadow-xl outline-none",
          "transition-transform duration-300 ease-out starting:translate-x-full motion-reduce:transition-none",
          widths[width],
        )}
      >
        {children}
      </DialogBox>
    </div>
  );
}
