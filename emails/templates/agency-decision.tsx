import { EmailButton, EmailLayout, styles } from "./email-layout";

export const agencyDecisionSubject = (approved: boolean) => (approved ? "Your TIMS agency documents are approved" : "Your TIMS agency documents were rejected");

export function AgencyDecisionEmail({ name, approved, remarks, link }: { name: string; approved: boolean; remarks: string; link: string }) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      {approved ? (
        <p style={styles.paragraph}>Your documents have been approved. You can now register treks for your trekkers in TIMS.</p>
      ) : (
        <p style={styles.paragraph}>Your documents have been rejected. Please read the remarks below, then sign in and re-submit your documents.</p>
      )}
      {remarks ? (
        <p style={styles.paragraph}>
          <strong>Remarks:</strong> {remarks}
        </p>
      ) : null}
      <EmailButton href={link}>Sign in to TIMS</EmailButton>
    </EmailLayout>
  );
}
