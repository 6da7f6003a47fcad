import { useId, type ReactNode } from "react";
import { cx } from "./class-names";
import { Backdrop, CloseLink, useDialogEnhancements } from "./dialog-parts";

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
  const titleId = useId();
  const ref = useDialogEnhancements(closeTo);
  return (
    <div className="fixed inset-0 z-50">
      <Backdrop closeTo={closeTo} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(
          "fixed inset-y-0 right-0 flex w-full flex-col bg-white shadow-xl outline-none",
          "transition-transform duration-300 ease-out starting:translate-x-full motion-reduce:transition-none",
          widths[width],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <CloseLink closeTo={closeTo} className="-mr-2 -mt-1" />
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </div>
    </div>
  );
}
