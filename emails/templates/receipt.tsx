import { EmailLayout, styles } from "./email-layout";

export const receiptSubject = (invoiceNumber: string) => `Your TIMS payment receipt ${invoiceNumber}`;

export function ReceiptEmail({ name, invoiceNumber, amount }: { name: string; invoiceNumber: string; amount: string }) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        Thank you for your payment of {amount}. Your receipt {invoiceNumber} is attached as a PDF. Please obtain the tax invoice from the Nepal Tourism Board.
      </p>
    </EmailLayout>
  );
}
