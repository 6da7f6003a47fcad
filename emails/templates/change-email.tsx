import { EmailButton, EmailLayout, styles } from "./email-layout";

export const changeEmailSubject = "Confirm your new TIMS e-mail address";

/** Sent to the new address: the change happens only once this link is followed. */
export function ChangeEmail({ fullName, link, newEmail }: { fullName: string; link: string; newEmail: string }) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {fullName},</p>
      <p style={styles.paragraph}>
        You asked to use {newEmail} as the e-mail address of your TIMS account. Confirm it to make the change; until then you keep
        signing in with your current address.
      </p>
      <EmailButton href={link}>Confirm Email</EmailButton>
      <p style={styles.muted}>
        If the button does not work, open this link in your browser:
        <br />
        <a href={link} style={styles.link}>
          {link}
        </a>
      </p>
      <p style={styles.muted}>The link expires in 24 hours. If you did not ask for this, ignore this e-mail.</p>
    </EmailLayout>
  );
}
