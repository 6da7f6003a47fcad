import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { EmailButton, EmailLayout, mailText, styles } from "./email-layout";

export const voucherDecisionSubject = (approved: boolean, t?: Translator) =>
  mailText(t, approved ? "Your TIMS voucher is approved" : "Your TIMS voucher was rejected");

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
  const { t } = useT();
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name })}</p>
      <p style={styles.paragraph}>
        {approved
          ? t("Your bank deposit voucher has been verified and your TIMS cards are issued.")
          : alreadyPaid
            ? t(
                "Registration #{{registrationId}} had already been paid by another payment ({{method}}, receipt {{invoiceNumber}} of {{paidOn}}), so your bank deposit voucher {{voucher}} was not taken as its payment and has been rejected. Your cards from that payment stay valid.",
                { ...alreadyPaid, registrationId: String(alreadyPaid.registrationId) },
              )
            : t("Your bank deposit voucher could not be verified. You can upload a new voucher or pay online.")}
      </p>
      {remarks ? (
        <p style={styles.paragraph}>
          <strong>{t("Remarks:")}</strong> {remarks}
        </p>
      ) : null}
      <EmailButton href={link}>{t("Open the registration")}</EmailButton>
    </EmailLayout>
  );
}
