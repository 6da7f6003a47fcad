import { NEPAL_ID } from "../lookups/data/reference";
import { findCountry } from "../lookups/service.server";
import { UserType } from "../contract";
import type { RegisterInput } from "./schemas/register";
import { createUser } from "./service.server";
import { sendVerificationEmail } from "./verification.server";

export class UnknownCountryError extends Error {
  constructor() {
    super("Country field is required");
  }
}

/**
 * Self-registration (spec 1 §2.6). Only organisations and individuals sign up themselves; an
 * organisation is always in Nepal and starts the agency onboarding (no documents yet). The
 * account stays unverified until the e-mailed link is followed.
 */
export async function registerAccount(input: RegisterInput, origin: string): Promise<{ id: number; email: string }> {
  const credentials = { email: input.email, password: input.password, emailVerified: false };
  let user;
  if (input.userType === "2") {
    user = await createUser({
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
    });
  } else if (input.userType === "1") {
    if (!(await findCountry(input.countryId))) throw new UnknownCountryError();
    user = await createUser({ ...credentials, userType: UserType.FIT, fullName: input.fullName, countryId: input.countryId });
  } else {
    // The schema allows only these two; a hand-made call with another type is a bug.
    throw new Error("Only organisations and individuals can register themselves");
  }
  await sendVerificationEmail(user, origin);
  return { id: user.id, email: user.email };
}
