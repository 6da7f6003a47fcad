import { LinkEmail } from "./email-layout";

export const changeEmailSubject = "Confirm your new TIMS e-mail address";

/** Sent to the new address: the change happens only once this link is followed. */
export function ChangeEmail({ fullName, link, newEmail }: { fullName: string; link: string; newEmail: string }) {
  return (
    <LinkEmail
      fullName={fullName}
      intro={`You asked to use ${newEmail} as the e-mail address of your TIMS account. Confirm it to make the change; until then you keep signing in with your current address.`}
      button="Confirm Email"
      link={link}
      notes={["The link expires in 24 hours. If you did not ask for this, ignore this e-mail."]}
    />
  );
}
