import { useEffect, useId, useState } from "react";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";

export type ToastType = "success" | "warning" | "normal" | "info" | "danger" | "primary";

export interface ToastMessage {
  id: string;
  type: ToastType;
  messages: string[];
}

export const TOAST_TIMEOUT_MS = 5000;

const typeClasses: Record<ToastType, string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  normal: "border-gray-400 bg-white text-gray-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
  danger: "border-red-600 bg-red-50 text-red-900",
  primary: "border-blue-700 bg-blue-50 text-blue-900",
};

export interface ToastsProps {
  toasts: readonly ToastMessage[];
}

/**
 * Flash messages from the session: on a phone, in the page's flow above its content (a fixed box
 * there would cover the page's own buttons, such as the scan result's "Scan next"); from the sm
 * breakpoint, stacked top-right over the page.
 */
export function Toasts({ toasts }: ToastsProps) {
  const { t } = useT();
  if (toasts.length === 0) return null;
  return (
    // The stack never blocks clicks on the page beneath, only the toasts themselves do. It is a
    // named region, so the toasts and their dismiss boxes sit in a landmark like the rest of the page.
    // On wider screens below the header (and the demo banner), so neither the bell nor the menu is covered.
    <section
      aria-label={t("Messages")}
      className="no-print pointer-events-none mb-3 flex flex-col gap-2 sm:fixed sm:top-28 sm:right-4 sm:z-60 sm:mb-0 sm:w-96 sm:items-end"
    >
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

/**
 * Closing without JS: a visually hidden checkbox before the box, toggled by the ✕ label; the
 * box is its `peer` and hides when it is checked. `peer-checked` is used rather than `has-[]`
 * because :has() is missing from the older phone browsers this must run on. With JS the toast
 * also removes itself after TOAST_TIMEOUT_MS.
 */
function Toast({ toast }: { toast: ToastMessage }) {
  const closeId = useId();
  // A toast's words are the English texts the actions wrote, translated as they are shown (shell namespace).
  const { t } = useT();
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    // On a phone the toast sits in the page's flow: it stays until dismissed, so the page never
    // jumps under the reader's thumb when it goes.
    if (!window.matchMedia("(min-width: 640px)").matches) return;
    const timer = setTimeout(() => setExpired(true), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  const messages = toast.messages.filter((message) => message.trim() !== "").map((message) => t(message));
  if (expired || messages.length === 0) return null;

  return (
    <div className="pointer-events-auto w-full">
      <input id={closeId} type="checkbox" className="peer sr-only" aria-label={t("Dismiss notification")} />
      <div
        role={toast.type === "danger" ? "alert" : "status"}
        className={cx(
          "flex items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-lg ring-1 ring-black/5",
          "transition duration-300 ease-out starting:translate-x-4 starting:opacity-0 motion-reduce:transition-none",
          "peer-checked:hidden peer-focus-visible:ring-2 peer-focus-visible:ring-blue-700",
          typeClasses[toast.type],
        )}
      >
        <div className="min-w-0 flex-1">
          {messages.length === 1 ? (
            <p>{messages[0]}</p>
          ) : (
            <ol className="list-decimal space-y-1 pl-5">
              {messages.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ol>
          )}
        </div>
        <label htmlFor={closeId} className="-mr-1 -mt-0.5 shrink-0 cursor-pointer rounded px-1 text-base leading-none opacity-70 hover:opacity-100">
          <span aria-hidden="true">✕</span>
        </label>
      </div>
    </div>
  );
}
