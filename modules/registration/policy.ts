import { kathmanduDate } from "@lib/dates";
import { inScope, type PermissionHolder, type PermissionScope } from "@modules/permissions";
import { REGISTRATION_MESSAGES } from "./rules";

export type RegistrationViewer = PermissionHolder & { id: number };

/** Statuses in which the registering user may still change a trek (spec 2 §4: Pay or Edit). */
export const EDITABLE_STATUSES = ["Payment Pending", "Payment Failure", "Rejected"] as const;

/**
 * A trek whose entry date has passed (Nepal's today) can not be paid or have its cards generated
 * (issue 25): the wizard's own rule (spec 1 §5) applied again when the money is asked for, since
 * an unpaid registration can wait for weeks. The refusal, or null. The dates can be changed where
 * the registration can be edited (editDatesHref).
 */
export function trekDatesRefusal(reg: { entryDate: string }, today: string = kathmanduDate()): string | null {
  return reg.entryDate < today ? REGISTRATION_MESSAGES.entryInPast : null;
}

/** The review page's trek editor: where the dates of a registration are changed. */
export const editDatesHref = (registrationId: number) => `/new-register/${registrationId}?edit=trek`;

/**
 * Row rules of registrations as scopes: a registration belongs to the user who made it (its
 * `userId`). Whoever registers treks opens, edits and pays their own; the board opens and edits any,
 * in any status, but never pays (spec 1 §2.7: "Next goes to payment (not offered to ntb)").
 */
export const REGISTRATION_SCOPES = {
  open: [
    { permission: "registerTrek", rows: "own" },
    { permission: "cardsEdit", rows: "any" },
  ],
  editInAnyStatus: [{ permission: "cardsEdit", rows: "any" }],
  pay: [{ permission: "registerTrek", rows: "own" }],
} as const satisfies Record<string, readonly PermissionScope[]>;

const editable = (status: string) => (EDITABLE_STATUSES as readonly string[]).includes(status);

export function canOpenRegistration(viewer: RegistrationViewer, reg: { userId: number }): boolean {
  return inScope(viewer, REGISTRATION_SCOPES.open, reg.userId);
}

export function canEditRegistration(viewer: RegistrationViewer, reg: { userId: number; status: string }): boolean {
  if (!canOpenRegistration(viewer, reg)) return false;
  return inScope(viewer, REGISTRATION_SCOPES.editInAnyStatus, reg.userId) || editable(reg.status);
}

export function canPay(viewer: RegistrationViewer, reg: { userId: number; status: string }): boolean {
  return inScope(viewer, REGISTRATION_SCOPES.pay, reg.userId) && editable(reg.status);
}

/**
 * Row scope of the trekker lists (spec 2 §2, §6): the board and TAAN see every trekker; an agency
 * its own (filtered by its user id), a checkpost those it registered.
 */
export const TREKKER_LIST_SCOPES = [
  { permission: "trekkersAll", rows: "any" },
  { permission: "trekkers", rows: "own" },
] as const satisfies readonly PermissionScope[];

/**
 * The `registeredBy` a viewer's trekker list is limited to: `{}` for every trekker, `{ registeredBy }`
 * for their own, null when they may not list trekkers at all.
 */
export function trekkerListScope(viewer: RegistrationViewer | null | undefined): { registeredBy?: number } | null {
  if (!viewer) return null;
  if (inScope(viewer, TREKKER_LIST_SCOPES)) return {};
  if (inScope(viewer, TREKKER_LIST_SCOPES, viewer.id)) return { registeredBy: viewer.id };
  return null;
}
