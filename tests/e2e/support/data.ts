import type { NewUser } from "@modules/users/index.server";
import { makeUser as makeTestUser, uniqueEmail as unique } from "../../factories/users";

/** Each test makes its own accounts, so tests never depend on one another or on order. */
export const uniqueEmail = (prefix: string) => unique(prefix, "e2e.test");

export async function makeUser(overrides: Partial<NewUser> & { password?: string } = {}) {
  const user = await makeTestUser({ email: uniqueEmail("user"), fullName: "Test Trekker", countryId: 276, ...overrides });
  return { id: user.id, email: user.email, password: user.password };
}
