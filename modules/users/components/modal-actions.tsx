import { useNavigation } from "@remix-run/react";
import { Button, LinkButton, type ButtonVariant } from "@lib/ui/button";

/** Cancel (a link back to the parent view) and the submit button of a modal form. */
export function ModalActions({ closeTo, submitLabel, variant = "primary" }: { closeTo: string; submitLabel: string; variant?: ButtonVariant }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex justify-end gap-2">
      <LinkButton to={closeTo} variant="secondary" preventScrollReset>
        Cancel
      </LinkButton>
      <Button type="submit" variant={variant} disabled={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
