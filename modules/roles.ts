/**
 * User types and the shape of a permission declaration: a leaf (it imports nothing), so the
 * modules' permissions.ts declarations and the permission table can import it without a cycle.
 */

/** Numeric user types of the spec (spec 1 §1). */
export const UserType = {
  FIT: 1,
  Agency: 2,
  NTB: 4,
  Checkpost: 5,
  TAAN: 6,
} as const;
export type UserTypeId = (typeof UserType)[keyof typeof UserType];
export const ALL_USER_TYPES: readonly UserTypeId[] = [1, 2, 4, 5, 6];

/**
 * A module's own permissions: key -> the user types that hold it by role. A key that lists no types
 * is grantable only (spec: "one specific account"), held through a per-user grant. Declared in the
 * module's client-safe `permissions.ts`; modules/permissions.ts assembles the table.
 */
export type PermissionDeclaration = Readonly<Record<string, readonly UserTypeId[]>>;
