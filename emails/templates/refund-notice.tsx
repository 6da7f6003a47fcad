import { EmailButton, EmailLayout, styles } from "./email-layout";

/** A payment that bought nothing, as the payer knows it: what they paid, with what, for which trek. */
export interface RefundNoticeFacts {
  name: string;
  /** "NRs. 2,000". */
  amount: string;
  /** "your Khalti payment" or "your bank deposit voucher V-000012". */
  payment: string;
  /** yyyy/MM/dd, when it was received. */
  receivedOn: string;
  registrationId: number;
  routeName: string;
  /** Why it bought nothing, as a sentence. */
  why: string;
  link: string;
}

export const refundDueSubject = (amount: string) => `Your payment of ${amount} will be refunded`;
export const refundedSubject = (amount: string) => `Your payment of ${amount} has been refunded`;

function Payment({ f }: { f: RefundNoticeFacts }) {
  return (
    <>
      {f.payment} of <strong>{f.amount}</strong>, received on {f.receivedOn}, for registration #{f.registrationId}
      {f.routeName ? ` (${f.routeName})` : ""}
    </>
  );
}

/** Sent when a captured payment is found to buy nothing: it was taken, it is owed back, and no second sale was made. */
export function RefundDueEmail(f: RefundNoticeFacts) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {f.name},</p>
      <p style={styles.paragraph}>
        We received <Payment f={f} />. {f.why} This payment therefore bought nothing: no cards and no receipt were issued for it.
      </p>
      <p style={styles.paragraph}>
        <strong>The amount of {f.amount} will be refunded to you.</strong> We will e-mail you again when the refund has been made. Your billing page lists it
        under Refunds.
      </p>
      <EmailButton href={f.link}>Open billing</EmailButton>
    </EmailLayout>
  );
}

/** Sent when the board has paid the money back, with the refund's reference. */
export function RefundedEmail(f: RefundNoticeFacts & { reference: string; refundedOn: string }) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {f.name},</p>
      <p style={styles.paragraph}>
        The refund of <Payment f={f} /> has been made on {f.refundedOn}. Refund reference: <strong>{f.reference}</strong>.
      </p>
      <p style={styles.paragraph}>If the money has not reached you within a few working days, please contact the Nepal Tourism Board with this reference.</p>
      <EmailButton href={f.link}>Open billing</EmailButton>
    </EmailLayout>
  );
}
