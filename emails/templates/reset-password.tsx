import { EmailButton, EmailLayout, styles } from "./email-layout";

export const resetPasswordSubject = "Reset your TIMS password";

export function ResetPassword({ fullName, link }: { fullName: string; link: string }) {
  return (
    <EmailLayout>
      <p style={styles.paragraph}>Dear {fullName},</p>
      <p style={styles.paragraph}>We received a request to reset the password of your TIMS account.</p>
      <EmailButton href={link}>Reset Password</EmailButton>
      <p style={styles.muted}>
        If the button does not work, open this link in your browser:
        <br />
        <a href={link} style={styles.link}>
          {link}
        </a>
      </p>
      <p style={styles.muted}>The link expires in 1 hour.</p>
      <p style={styles.muted}>If you did not ask for this, ignore this e-mail.</p>
    </EmailLayout>
  );
}
