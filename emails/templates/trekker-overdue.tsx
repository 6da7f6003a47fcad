import { EmailButton, EmailLayout, styles } from "./email-layout";

export const trekkerOverdueSubject = (fullName: string) => `Overdue trekker: ${fullName}`;

export interface TrekkerOverdueEmailProps {
  name: string;
  fullName: string;
  cardNumber: number | null;
  routeName: string;
  /** Why, in words (the reason and its date). */
  why: string;
  link: string;
  /** The reader may mark the trekker safe (an agency); otherwise they are asked to get in touch. */
  canMarkSafe: boolean;
}

/** To the registering agency, free trekker or checkpost, once per overdue trekker. */
export function TrekkerOverdueEmail({ name, fullName, cardNumber, routeName, why, link, canMarkSafe }: TrekkerOverdueEmailProps) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        <strong>{fullName}</strong> (TIMS card {cardNumber ?? "not issued"}, {routeName}) is overdue: {why}
      </p>
      <p style={styles.paragraph}>
        {canMarkSafe
          ? "Please find out whether the trekker is safe. Once you know, mark the trekker safe with a note; that clears the alert."
          : "If you are this trekker and you are safe, or you know where the trekker is, please tell the Nepal Tourism Board or the nearest checkpost."}
      </p>
      <EmailButton href={link}>{link.includes("/tims-cards/") ? "Open the TIMS card" : "Open the overdue trekkers"}</EmailButton>
    </EmailLayout>
  );
}

export const overdueDigestSubject = (total: number, day: string) => `Overdue trekkers on ${day}: ${total}`;

export interface OverdueDigestEmailProps {
  name: string;
  /** The run's day, as displayed. */
  day: string;
  total: number;
  /** The first of them (oldest due first). */
  trekkers: { fullName: string; cardNumber: number | null; routeName: string; why: string }[];
  link: string;
}

/** To each board user, once per day's run: how many were raised and the first of them. */
export function OverdueDigestEmail({ name, day, total, trekkers, link }: OverdueDigestEmailProps) {
  const more = total - trekkers.length;
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        The overdue check of {day} found <strong>{total}</strong> {total === 1 ? "trekker" : "trekkers"} overdue. Their agencies (or the trekkers themselves) have been told.
      </p>
      <ul style={{ ...styles.paragraph, paddingLeft: "20px" }}>
        {trekkers.map((t, i) => (
          <li key={i}>
            <strong>{t.fullName}</strong> (TIMS card {t.cardNumber ?? "not issued"}, {t.routeName}): {t.why}
          </li>
        ))}
      </ul>
      {more > 0 ? <p style={styles.paragraph}>and {more} more.</p> : null}
      <EmailButton href={link}>Open the overdue trekkers</EmailButton>
    </EmailLayout>
  );
}
