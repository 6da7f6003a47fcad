import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { EmailButton, EmailLayout, mailText, styles } from "./email-layout";

export const registrationAttemptSubject = (t?: Translator) => mailText(t, "Someone tried to register with your TIMS e-mail address");

/**
 * Sent instead of a second account when someone registers with an address that already has one:
 * the sign-up page answers as for a new address (so it tells nobody which addresses are taken),
 * and the owner learns of it here.
 */
export function RegistrationAttempt({ fullName, loginLink, resetLink }: { fullName: string; loginLink: string; resetLink: string }) {
  const { t } = useT();
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name: fullName })}</p>
      <p style={styles.paragraph}>
        {t("Someone tried to register a new TIMS account with your e-mail address. This address already has an account, so no new account was made.")}
      </p>
      <p style={styles.paragraph}>{t("If it was you, sign in with your account, or set a new password if you have forgotten it.")}</p>
      <EmailButton href={loginLink}>{t("Sign In")}</EmailButton>
      <p style={styles.muted}>
        {t("Forgot your password? Ask for a new one here:")}
        <br />
        <a href={resetLink} style={styles.link}>
          {resetLink}
        </a>
      </p>
      <p style={styles.muted}>{t("If it was not you, ignore this e-mail: nothing has changed on your account.")}</p>
    </EmailLayout>
  );
}
