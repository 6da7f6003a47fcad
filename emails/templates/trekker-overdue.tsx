import { useT } from "@lib/i18n/context";
import { ENGLISH, type Translator } from "@lib/i18n/translate";
import { richText } from "@lib/i18n/rich";
import { EmailButton, EmailLayout, mailCount, mailText, styles } from "./email-layout";

export const overdueDigestSubject = (total: number, day: string, t: Translator = ENGLISH) =>
  mailText(t, "Overdue trekkers on {{day}}: {{total}}", { day, total: mailCount(t.lng, total) });

/** Who reads a digest: what it asks of them depends on it. */
export type OverdueDigestReader = "board" | "taan" | "agency" | "owner";

export interface OverdueDigestEmailProps {
  name: string;
  /** The run's day, as displayed. */
  day: string;
  total: number;
  /** The first of them (oldest due first), each with where it opens for this reader. */
  trekkers: { fullName: string; cardNumber: number | null; routeName: string; why: string; link: string }[];
  /** All of them (the overdue filter, or the reader's own cards). */
  link: string;
  reader: OverdueDigestReader;
}

const ASK: Record<OverdueDigestReader, string> = {
  board: "Their agencies (or the trekkers themselves) have been told.",
  taan: "They were registered by trekking agencies, which have been told.",
  agency: "Please find out whether they are safe. Once you know, mark each trekker safe with a note; that clears the alert.",
  owner: "If you are this trekker and you are safe, or you know where the trekker is, please tell the Nepal Tourism Board or the nearest checkpost.",
};

/**
 * The one overdue e-mail a reader gets for a day's run (issue 26, item 8): the registering agency,
 * free trekker or checkpost (its own trekkers), the board (all) and TAAN (the agencies'), each
 * trekker with a link; the in-app notifications name them one by one.
 */
export function OverdueDigestEmail({ name, day, total, trekkers, link, reader }: OverdueDigestEmailProps) {
  const translator = useT();
  const { lng } = translator;
  const more = total - trekkers.length;
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{translator.t("Dear {{name}},", { name })}</p>
      <p style={styles.paragraph}>
        {richText(
          translator,
          total === 1 ? "The overdue check of {{day}} found {{total}} trekker overdue." : "The overdue check of {{day}} found {{total}} trekkers overdue.",
          {
            day,
            total: <strong>{mailCount(lng, total)}</strong>,
          },
        )}{" "}
        {translator.t(ASK[reader])}
      </p>
      <ul style={{ ...styles.paragraph, paddingLeft: "20px" }}>
        {trekkers.map((t, i) => (
          <li key={i}>
            <a href={t.link}>
              <strong>{t.fullName}</strong>
            </a>{" "}
            {translator.t("(TIMS card {{cardNumber}}, {{routeName}}): {{why}}", {
              cardNumber: t.cardNumber === null ? translator.t("not issued") : String(t.cardNumber),
              routeName: t.routeName,
              why: t.why,
            })}
          </li>
        ))}
      </ul>
      {more > 0 ? <p style={styles.paragraph}>{translator.t("and {{more}} more.", { more: mailCount(lng, more) })}</p> : null}
      <EmailButton href={link}>{link.includes("/tims-cards") ? translator.t("Open your TIMS cards") : translator.t("Open the overdue trekkers")}</EmailButton>
    </EmailLayout>
  );
}
