import crypto from "node:crypto";
import { createUser, type NewUser } from "@modules/users/service.server";

/** Each test makes its own accounts, so tests never depend on one another or on order. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${crypto.randomBytes(4).toString("hex")}@e2e.test`;
}

export async function makeUser(overrides: Partial<NewUser> & { password?: string } = {}) {
  const user = await createUser({
    userType: 1,
    email: uniqueEmail("user"),
    password: "Trek@2026",
    fullName: "Test Trekker",
    countryId: 276,
    emailVerified: true,
    ...overrides,
  });
  return { id: user.id, email: user.email, password: overrides.password ?? "Trek@2026" };
}
