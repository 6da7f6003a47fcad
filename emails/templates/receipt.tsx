import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { EmailLayout, mailText, styles } from "./email-layout";

export const receiptSubject = (invoiceNumber: string, t?: Translator) => mailText(t, "Your TIMS payment receipt {{invoiceNumber}}", { invoiceNumber });

export function ReceiptEmail({ name, invoiceNumber, amount }: { name: string; invoiceNumber: string; amount: string }) {
  const { t } = useT();
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name })}</p>
      <p style={styles.paragraph}>
        {t(
          "Thank you for your payment of {{amount}}. Your receipt {{invoiceNumber}} is attached as a PDF. Please obtain the tax invoice from the Nepal Tourism Board.",
          { amount, invoiceNumber },
        )}
      </p>
    </EmailLayout>
  );
}
