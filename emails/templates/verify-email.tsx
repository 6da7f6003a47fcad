import { LinkEmail } from "./email-layout";

export const verifyEmailSubject = "Verify your TIMS e-mail address";

export function VerifyEmail({ fullName, link }: { fullName: string; link: string }) {
  return (
    <LinkEmail
      fullName={fullName}
      intro="Please confirm your e-mail address to activate your TIMS account."
      button="Verify Email"
      link={link}
      notes={["The link expires in 24 hours."]}
    />
  );
}
