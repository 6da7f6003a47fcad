import { EmailButton, EmailLayout, styles } from "./email-layout";

export const overdueDigestSubject = (total: number, day: string) => `Overdue trekkers on ${day}: ${total}`;

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
  const more = total - trekkers.length;
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        The overdue check of {day} found <strong>{total}</strong> {total === 1 ? "trekker" : "trekkers"} overdue. {ASK[reader]}
      </p>
      <ul style={{ ...styles.paragraph, paddingLeft: "20px" }}>
        {trekkers.map((t, i) => (
          <li key={i}>
            <a href={t.link}>
              <strong>{t.fullName}</strong>
            </a>{" "}
            (TIMS card {t.cardNumber ?? "not issued"}, {t.routeName}): {t.why}
          </li>
        ))}
      </ul>
      {more > 0 ? <p style={styles.paragraph}>and {more} more.</p> : null}
      <EmailButton href={link}>{link.includes("/tims-cards") ? "Open your TIMS cards" : "Open the overdue trekkers"}</EmailButton>
    </EmailLayout>
  );
}
