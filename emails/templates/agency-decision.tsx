import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { EmailButton, EmailLayout, mailText, styles } from "./email-layout";

export const agencyDecisionSubject = (approved: boolean, t?: Translator) =>
  mailText(t, approved ? "Your TIMS agency documents are approved" : "Your TIMS agency documents were rejected");

export function AgencyDecisionEmail({ name, approved, remarks, link }: { name: string; approved: boolean; remarks: string; link: string }) {
  const { t } = useT();
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name })}</p>
      {approved ? (
        <p style={styles.paragraph}>{t("Your documents have been approved. You can now register treks for your trekkers in TIMS.")}</p>
      ) : (
        <p style={styles.paragraph}>{t("Your documents have been rejected. Please read the remarks below, then sign in and re-submit your documents.")}</p>
      )}
      {remarks ? (
        <p style={styles.paragraph}>
          <strong>{t("Remarks:")}</strong> {remarks}
        </p>
      ) : null}
      <EmailButton href={link}>{t("Sign in to TIMS")}</EmailButton>
    </EmailLayout>
  );
}
