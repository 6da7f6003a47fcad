import { EmailLayout, styles } from "./email-layout";

export const cardIssuedSubject = (cardNumber: number) => `Your TIMS card ${cardNumber}`;

/** Sent to each trekker when their card is issued; the card itself is the attached PDF. */
export function CardIssuedEmail({
  name,
  cardNumber,
  routeName,
  entryDate,
  exitDate,
}: {
  name: string;
  cardNumber: number;
  routeName: string;
  entryDate: string;
  exitDate: string;
}) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        Your TIMS card <strong>{cardNumber}</strong> for <strong>{routeName}</strong> ({entryDate} to {exitDate}) is issued. It is attached to this e-mail as a
        PDF.
      </p>
      <p style={styles.paragraph}>
        Print it or keep it on your phone, carry it with your passport and show it at every checkpost. The card is valid for a single entry and is
        non-transferable.
      </p>
      <p style={styles.muted}>In an emergency call the Tourist Police on 1144.</p>
    </EmailLayout>
  );
}
