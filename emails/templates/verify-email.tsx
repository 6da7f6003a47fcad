import { EmailButton, EmailLayout, styles } from "./email-layout";

export const verifyEmailSubject = "Verify your TIMS e-mail address";

export function VerifyEmail({ fullName, link }: { fullName: string; link: string }) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {fullName},</p>
      <p style={styles.paragraph}>Please confirm your e-mail address to activate your TIMS account.</p>
      <EmailButton href={link}>Verify Email</EmailButton>
      <p style={styles.muted}>
        If the button does not work, open this link in your browser:
        <br />
        <a href={link} style={styles.link}>
          {link}
        </a>
      </p>
      <p style={styles.muted}>The link expires in 24 hours.</p>
    </EmailLayout>
  );
}
