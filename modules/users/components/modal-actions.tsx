import { useNavigation } from "@remix-run/react";
import { Button, LinkButton, type ButtonVariant } from "@lib/ui/button";
import { useT } from "@lib/i18n/context";

/** Cancel (a link back to the parent view) and the submit button of a modal form, in the page's language (document pages only: the server has every text). */
export function ModalActions({ closeTo, submitLabel, variant = "primary" }: { closeTo: string; submitLabel: string; variant?: ButtonVariant }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex justify-end gap-2">
      <LinkButton to={closeTo} variant="secondary" preventScrollReset>
        {t("Cancel")}
      </LinkButton>
      <Button type="submit" variant={variant} disabled={busy}>
        {t(submitLabel)}
      </Button>
    </div>
  );
}
