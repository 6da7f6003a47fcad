import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cx } from "./class-names";

/**
 * Pieces shared by Modal and SidePanel. Dialogs here are nested routes with their own URL, so
 * "close" is always navigation to `closeTo`: a link without JavaScript, Escape with it.
 */

/**
 * With JS: Escape closes, and focus moves into the dialog so keyboard and screen-reader users
 * start there. Returns the ref for the dialog element.
 */
export function useDialogEnhancements(closeTo: string) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Widgets inside (Headless UI listboxes, comboboxes) claim Escape by preventing default;
      // child dialogs register first, so the innermost one wins and the rest stay open.
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [closeTo, navigate]);

  useEffect(() => {
    const dialog = ref.current;
    // Respect an autoFocus field inside the dialog.
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
  }, []);

  return ref;
}

/**
 * Clicking outside closes, as a plain link. Hidden from assistive tech and the tab order
 * because the ✕ link already offers the same action.
 */
export function Backdrop({ closeTo }: { closeTo: string }) {
  return (
    <Link
      to={closeTo}
      preventScrollReset
      aria-hidden="true"
      tabIndex={-1}
      className="fixed inset-0 cursor-default bg-gray-900/50 transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none"
    />
  );
}

export function CloseLink({ closeTo, className }: { closeTo: string; className?: string }) {
  return (
    <Link
      to={closeTo}
      preventScrollReset
      aria-label="Close"
      className={cx(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-lg leading-none text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-700",
        className,
      )}
    >
      <span aria-hidden="true">✕</span>
    </Link>
  );
}
