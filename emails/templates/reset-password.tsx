import { LinkEmail } from "./email-layout";

export const resetPasswordSubject = "Reset your TIMS password";

export function ResetPassword({ fullName, link }: { fullName: string; link: string }) {
  return (
    <LinkEmail
      fullName={fullName}
      intro="We received a request to reset the password of your TIMS account."
      button="Reset Password"
      link={link}
      notes={["The link expires in 1 hour.", "If you did not ask for this, ignore this e-mail."]}
    />
  );
}
