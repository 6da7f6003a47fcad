import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { richText } from "@lib/i18n/rich";
import { EmailButton, EmailLayout, mailText, styles } from "./email-layout";

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

export const refundDueSubject = (amount: string, t?: Translator) => mailText(t, "Your payment of {{amount}} will be refunded", { amount });
export const refundedSubject = (amount: string, t?: Translator) => mailText(t, "Your payment of {{amount}} has been refunded", { amount });

function Payment({ f }: { f: RefundNoticeFacts }) {
  const translator = useT();
  return (
    <>
      {richText(translator, "{{payment}} of {{amount}}, received on {{receivedOn}}, for registration #{{registrationId}}", {
        payment: f.payment,
        amount: <strong>{f.amount}</strong>,
        receivedOn: f.receivedOn,
        // The registration number is quoted to the board: its digits stay as the pages print it.
        registrationId: String(f.registrationId),
      })}
      {f.routeName ? ` (${f.routeName})` : ""}
    </>
  );
}

/** Sent when a captured payment is found to buy nothing: it was taken, it is owed back, and no second sale was made. */
export function RefundDueEmail(f: RefundNoticeFacts) {
  const translator = useT();
  const { t } = translator;
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name: f.name })}</p>
      <p style={styles.paragraph}>
        {richText(translator, "We received {{payment}}. {{why}} This payment therefore bought nothing: no cards and no receipt were issued for it.", {
          payment: <Payment f={f} />,
          why: f.why,
        })}
      </p>
      <p style={styles.paragraph}>
        <strong>{t("The amount of {{amount}} will be refunded to you.", { amount: f.amount })}</strong>{" "}
        {t("We will e-mail you again when the refund has been made. Your billing page lists it under Refunds.")}
      </p>
      <EmailButton href={f.link}>{t("Open billing")}</EmailButton>
    </EmailLayout>
  );
}

/** Sent when the board has paid the money back, with the refund's reference. */
export function RefundedEmail(f: RefundNoticeFacts & { reference: string; refundedOn: string }) {
  const translator = useT();
  const { t } = translator;
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name: f.name })}</p>
      <p style={styles.paragraph}>
        {richText(translator, "The refund of {{payment}} has been made on {{refundedOn}}. Refund reference: {{reference}}.", {
          payment: <Payment f={f} />,
          refundedOn: f.refundedOn,
          reference: <strong>{f.reference}</strong>,
        })}
      </p>
      <p style={styles.paragraph}>
        {t("If the money has not reached you within a few working days, please contact the Nepal Tourism Board with this reference.")}
      </p>
      <EmailButton href={f.link}>{t("Open billing")}</EmailButton>
    </EmailLayout>
  );
}
