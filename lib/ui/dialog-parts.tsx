import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";

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
 * Clicking outside closes, as a plain link. Out of the tab order because the ✕ link already
 * offers the same action; not aria-hidden (a link stays focusable by pointer, and hiding a
 * focusable element is an error): it lies outside the aria-modal dialog, which screen readers
 * keep to, and carries the same name as the ✕ link for any that do not.
 */
export function Backdrop({ closeTo }: { closeTo: string }) {
  // A shell text: every page's browser has it, whichever dialog it opens.
  const { t } = useT();
  return (
    <Link
      to={closeTo}
      preventScrollReset
      aria-label={t("Close")}
      tabIndex={-1}
      className="fixed inset-0 cursor-default bg-gray-900/50 transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none"
    />
  );
}

export function CloseLink({ closeTo, className }: { closeTo: string; className?: string }) {
  const { t } = useT();
  return (
    <Link
      to={closeTo}
      preventScrollReset
      aria-label={t("Close")}
      // The way out the script of pages served as HTML takes on Escape (ADR 0034).
      data-close=""
      className={cx(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-lg leading-none text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-700",
        className,
      )}
    >
      <span aria-hidden="true">✕</span>
    </Link>
  );
}

/**
 * The dialog element both the modal and the side panel render: labelled by its title, with a
 * close link in the header and the body below. Only the placement classes differ.
 */
export function DialogBox({
  title,
  closeTo,
  className,
  bodyClassName,
  children,
}: {
  title: ReactNode;
  closeTo: string;
  className: string;
  bodyClassName: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const ref = useDialogEnhancements(closeTo);
  return (
    <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={className}>
      <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <CloseLink closeTo={closeTo} className="-mr-2 -mt-1" />
      </div>
      <div className={bodyClassName}>{children}</div>
    </div>
  );
}
