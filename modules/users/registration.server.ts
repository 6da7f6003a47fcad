import { NEPAL_ID } from "@modules/lookups";
import { mailTranslator } from "../../emails/translator.server";
import { languageOr, type Language } from "@lib/i18n/languages";
import { findCountry } from "@modules/lookups/index.server";
import { UserType } from "../contract";
import type { RegisterInput } from "./schemas/register";
import { createElement } from "react";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { RegistrationAttempt, registrationAttemptSubject } from "../../emails/templates/registration-attempt";
import type { User } from "./models/user.server";
import { hashPassword } from "./password.server";
import { assertUncommonPassword } from "./common-passwords.server";
import { DuplicateEmailError, createUser, findUserByEmail } from "./service.server";
import { sendVerificationEmail } from "./verification.server";
import { DomainError } from "@lib/errors";

/** The country is not in the list: a field error under Country (400). */
export class UnknownCountryError extends DomainError {
  constructor() {
    super("Country field is required", { status: 400, fieldErrors: { countryId: ["Country field is required"] } });
  }
}

/**
 * Self-registration (spec 1 §2.6). Only organisations and individuals sign up themselves; an
 * organisation is always in Nepal and starts the agency onboarding (no documents yet). The
 * account stays unverified until the e-mailed link is followed.
 *
 * An address that already has an account gets the same answer as a new one (the caller shows the
 * same success page), so the form tells nobody which addresses are registered; the owner is told
 * by e-mail instead (docs/decisions.md, "Registration with a taken address"). `id` is then null.
 */
export async function registerAccount(input: RegisterInput, origin: string, requestLng?: Language): Promise<{ id: number | null; email: string }> {
  const email = input.email.trim().toLowerCase();
  // The schema allows only these two; a hand-made call with another type is a bug.
  if (input.userType !== "1" && input.userType !== "2") throw new Error("Only organisations and individuals can register themselves");
  if (input.userType === "1" && !(await findCountry(input.countryId))) throw new UnknownCountryError();
  // Before the address is looked at: refusing a common password only for new addresses would tell which are taken.
  await assertUncommonPassword(input.password);
  const owner = await findUserByEmail(email);
  if (owner) return tellOwner(owner, input.password, origin, requestLng);
  const credentials = { email, password: input.password, emailVerified: false };
  let user;
  try {
    user =
      input.userType === "2"
        ? await createUser({
            ...credentials,
            userType: UserType.Agency,
            fullName: input.organizationName,
            organizationName: input.organizationName,
            panNumber: input.panNumber,
            contactPerson: input.contactPerson,
            contactNo: input.contactNo,
            contactAddress: input.contactAddress,
            countryId: NEPAL_ID,
            isDocumentUploaded: false,
            isVerified: null,
            isApproved: false,
          })
        : await createUser({ ...credentials, userType: UserType.FIT, fullName: input.fullName, countryId: input.countryId });
  } catch (error) {
    // Two sign-ups with one address at once: the second is answered like any taken address.
    const raced = error instanceof DuplicateEmailError ? await findUserByEmail(email) : null;
    if (raced) return tellOwner(raced, input.password, origin, requestLng);
    throw error;
  }
  await sendVerificationEmail(user, origin, requestLng);
  return { id: user.id, email: user.email };
}

/** The taken-address answer: as slow as making an account (one password hash), and a note to the owner. */
async function tellOwner(owner: User, password: string, origin: string, requestLng?: Language): Promise<{ id: null; email: string }> {
  await hashPassword(password);
  if (owner.status === "Active") {
    const tr = await mailTranslator(languageOr(owner.language, requestLng));
    const { html, text } = renderEmail(
      createElement(RegistrationAttempt, { fullName: owner.fullName, loginLink: `${origin}/login`, resetLink: `${origin}/forgot-password` }),
      tr,
    );
    await sendEmail({ to: owner.email, subject: registrationAttemptSubject(tr), html, text });
  }
  return { id: null, email: owner.email };
}
