import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { richText } from "@lib/i18n/rich";
import { EmailLayout, mailText, styles } from "./email-layout";

// The card number is an identifier the reader quotes: its digits stay as printed on the card.
export const cardIssuedSubject = (cardNumber: number, t?: Translator) => mailText(t, "Your TIMS card {{cardNumber}}", { cardNumber: String(cardNumber) });

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
  const translator = useT();
  const { t } = translator;
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name })}</p>
      <p style={styles.paragraph}>
        {richText(
          translator,
          "Your TIMS card {{cardNumber}} for {{routeName}} ({{entryDate}} to {{exitDate}}) is issued. It is attached to this e-mail as a PDF.",
          {
            cardNumber: <strong>{cardNumber}</strong>,
            routeName: <strong>{routeName}</strong>,
            entryDate,
            exitDate,
          },
        )}
      </p>
      <p style={styles.paragraph}>
        {t(
          "Print it or keep it on your phone, carry it with your passport and show it at every checkpost. The card is valid for a single entry and is non-transferable.",
        )}
      </p>
      <p style={styles.muted}>{t("In an emergency call the Tourist Police on 1144.")}</p>
    </EmailLayout>
  );
}
