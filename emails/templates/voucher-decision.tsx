import { EmailButton, EmailLayout, styles } from "./email-layout";

export const voucherDecisionSubject = (approved: boolean) => (approved ? "Your TIMS voucher is approved" : "Your TIMS voucher was rejected");

export function VoucherDecisionEmail({ name, approved, remarks, link }: { name: string; approved: boolean; remarks: string; link: string }) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        {approved
          ? "Your bank deposit voucher has been verified and your TIMS cards are issued."
          : "Your bank deposit voucher could not be verified. You can upload a new voucher or pay online."}
      </p>
      {remarks ? (
        <p style={styles.paragraph}>
          <strong>Remarks:</strong> {remarks}
        </p>
      ) : null}
      <EmailButton href={link}>Open the registration</EmailButton>
    </EmailLayout>
  );
}
