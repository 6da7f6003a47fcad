import type { ReactNode } from "react";
import { LinkButton } from "@lib/ui/button";
import { cx } from "@lib/ui/class-names";
import { Backdrop, DialogBox } from "@lib/ui/dialog-parts";

export type ModalSize = "sm" | "md" | "lg" | "xl";

const sizes: Record<ModalSize, string> = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-lg",
  lg: "sm:max-w-2xl",
  xl: "sm:max-w-4xl",
};

export interface ModalProps {
  title: ReactNode;
  /** Where closing goes: usually the parent route of this modal route. */
  closeTo: string;
  children: ReactNode;
  size?: ModalSize;
}

/**
 * A modal is a nested route rendered over its parent, so it is fully server-rendered and every
 * way out is a link. The fade/scale-in is CSS @starting-style (Tailwind `starting:`): it runs on
 * the first paint of server HTML and on client navigation alike, needs no JS, and browsers
 * without support simply show the dialog at once.
 */
export function Modal({ title, closeTo, children, size = "md" }: ModalProps) {
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto">
      <Backdrop closeTo={closeTo} />
      {/* Pass clicks on the empty area through to the backdrop link underneath. */}
      <div className="pointer-events-none flex min-h-full items-end justify-center sm:items-center sm:p-4">
        <DialogBox
          title={title}
          closeTo={closeTo}
          bodyClassName="px-5 py-4"
          className={cx(
            "pointer-events-auto relative w-full rounded-t-lg bg-white shadow-xl outline-none sm:rounded-lg",
            "transition duration-300 ease-out starting:scale-95 starting:opacity-0 motion-reduce:transition-none",
            sizes[size],
          )}
        >
          {children}
        </DialogBox>
      </div>
    </div>
  );
}

export const DEFAULT_CONFIRM_MESSAGE = "Are you sure ? You wont be able to revert your action";

export interface ConfirmDialogProps {
  title?: ReactNode;
  message?: ReactNode;
  closeTo: string;
  /** The confirming form (e.g. a POST <Form> with a danger Button), so confirming is a real request. */
  children: ReactNode;
  cancelLabel?: string;
}

/** The confirm step is its own route state instead of window.confirm, so it works without JS. */
export function ConfirmDialog({ title = "Confirm", message = DEFAULT_CONFIRM_MESSAGE, closeTo, children, cancelLabel = "Cancel" }: ConfirmDialogProps) {
  return (
    <Modal title={title} closeTo={closeTo} size="sm">
      <p className="text-sm text-gray-700">{message}</p>
      <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
        <LinkButton to={closeTo} preventScrollReset variant="secondary">
          {cancelLabel}
        </LinkButton>
        {children}
      </div>
    </Modal>
  );
}
