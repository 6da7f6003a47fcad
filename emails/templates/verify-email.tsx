import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { LinkEmail, mailText } from "./email-layout";

export const verifyEmailSubject = (t?: Translator) => mailText(t, "Verify your TIMS e-mail address");

export function VerifyEmail({ fullName, link }: { fullName: string; link: string }) {
  const { t } = useT();
  return (
    <LinkEmail
      fullName={fullName}
      intro={t("Please confirm your e-mail address to activate your TIMS account.")}
      button={t("Verify Email")}
      link={link}
      notes={[t("The link expires in 24 hours.")]}
    />
  );
}
