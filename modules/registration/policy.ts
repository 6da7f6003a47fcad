import { can, type PermissionHolder } from "../users/permission-table";

export type RegistrationViewer = PermissionHolder & { id: number };

/** Statuses in which the registering user may still change a trek (spec 2 §4: Pay or Edit). */
export const EDITABLE_STATUSES = ["Payment Pending", "Payment Failure", "Rejected"] as const;

/** A registration belongs to the user who made it; the board may open any (Edit in any status). */
export function canOpenRegistration(viewer: RegistrationViewer, reg: { userId: number }): boolean {
  return viewer.id === reg.userId || can(viewer, "cardsEdit");
}

export function canEditRegistration(viewer: RegistrationViewer, reg: { userId: number; status: string }): boolean {
  if (!canOpenRegistration(viewer, reg)) return false;
  return can(viewer, "cardsEdit") || (EDITABLE_STATUSES as readonly string[]).includes(reg.status);
}

/** The board edits but never pays (spec 1 §2.7: "Next goes to payment (not offered to ntb)"). */
export function canPay(viewer: RegistrationViewer, reg: { userId: number; status: string }): boolean {
  return viewer.id === reg.userId && can(viewer, "registerTrek") && (EDITABLE_STATUSES as readonly string[]).includes(reg.status);
}
