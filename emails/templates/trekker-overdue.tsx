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
}

/** To the registering agency or free trekker, and to each board user, once per overdue trekker. */
export function TrekkerOverdueEmail({ name, fullName, cardNumber, routeName, why, link }: TrekkerOverdueEmailProps) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {name},</p>
      <p style={styles.paragraph}>
        <strong>{fullName}</strong> (TIMS card {cardNumber ?? "not issued"}, {routeName}) is overdue: {why}
      </p>
      <p style={styles.paragraph}>
        Please find out whether the trekker is safe. Once you know, mark the trekker safe with a note; that clears the alert.
      </p>
      <EmailButton href={link}>Open the overdue trekkers</EmailButton>
    </EmailLayout>
  );
}
