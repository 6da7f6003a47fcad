import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { LinkEmail, mailText } from "./email-layout";

export const resetPasswordSubject = (t?: Translator) => mailText(t, "Reset your TIMS password");

export function ResetPassword({ fullName, link }: { fullName: string; link: string }) {
  const { t } = useT();
  return (
    <LinkEmail
      fullName={fullName}
      intro={t("We received a request to reset the password of your TIMS account.")}
      button={t("Reset Password")}
      link={link}
      notes={[t("The link expires in 1 hour."), t("If you did not ask for this, ignore this e-mail.")]}
    />
  );
}
