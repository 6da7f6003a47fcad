import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { LinkEmail, mailText } from "./email-layout";

export const changeEmailSubject = (t?: Translator) => mailText(t, "Confirm your new TIMS e-mail address");

/** Sent to the new address: the change happens only once this link is followed. */
export function ChangeEmail({ fullName, link, newEmail }: { fullName: string; link: string; newEmail: string }) {
  const { t } = useT();
  return (
    <LinkEmail
      fullName={fullName}
      intro={t(
        "You asked to use {{newEmail}} as the e-mail address of your TIMS account. Confirm it to make the change; until then you keep signing in with your current address.",
        { newEmail },
      )}
      button={t("Confirm Email")}
      link={link}
      notes={[t("The link expires in 24 hours. If you did not ask for this, ignore this e-mail.")]}
    />
  );
}
