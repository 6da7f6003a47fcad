import { EmailButton, EmailLayout, styles } from "./email-layout";

export const voucherDecisionSubject = (approved: boolean) => (approved ? "Your TIMS voucher is approved" : "Your TIMS voucher was rejected");

/** The other payment that had paid the registration when its voucher was rejected. */
export interface VoucherAlreadyPaid {
  registrationId: number;
  voucher: string;
  invoiceNumber: string;
  method: string;
  paidOn: string;
}

export function VoucherDecisionEmail({
  name,
  approved,
  remarks,
  link,
  alreadyPaid,
}: {
  name: string;
  approved: boolean;
  remarks: string;
  link: string;
  alreadyPaid?: VoucherAlreadyPaid;
}) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        {approved
          ? "Your bank deposit voucher has been verified and your TIMS cards are issued."
          : alreadyPaid
            ? `Registration #${alreadyPaid.registrationId} had already been paid by another payment (${alreadyPaid.method}, receipt ${alreadyPaid.invoiceNumber} of ${alreadyPaid.paidOn}), so your bank deposit voucher ${alreadyPaid.voucher} was not taken as its payment and has been rejected. Your cards from that payment stay valid.`
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
