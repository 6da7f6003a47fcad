import { can, inScope, type PermissionHolder, type PermissionScope } from "@modules/permissions";

type Viewer = PermissionHolder & { id: number };

/**
 * Row rules of card pages as scopes (the moves themselves are in lifecycle.ts). A card is first of
 * all its registration's: whoever may open the registration (the registering user, the board)
 * opens its cards. These scopes add what the card pages need beyond that.
 */
export const CARD_SCOPES = {
  /** The TIMS Cards list: one's own cards (spec 2 §6: user type 1 only). */
  list: [{ permission: "timsCards", rows: "own" }],
  /**
   * Any card's preview and PDF: those who decide returned cards (board and TAAN, spec 2 §4 and
   * §6) open the card they decide, whoever registered it.
   */
  openAny: [
    { permission: "cardsReturnDecide", rows: "any" },
    { permission: "cardsReturnDecideMembers", rows: "any" },
  ],
  /**
   * The trekker side panel under the TIMS Cards page: the list's owner, whoever registers treks
   * (their own trekkers) and the board (any). TAAN's rows do not open the panel (spec 2 §2, §6);
   * TAAN opens the card preview instead.
   */
  panel: [
    { permission: "timsCards", rows: "own" },
    { permission: "registerTrek", rows: "own" },
    { permission: "cardsEdit", rows: "any" },
  ],
} as const satisfies Record<string, readonly PermissionScope[]>;

/** May list their own cards on the TIMS Cards page. */
export function mayListCards(viewer: Viewer | null | undefined): boolean {
  // The list holds only the viewer's own rows.
  return inScope(viewer, CARD_SCOPES.list, viewer?.id);
}

/** May open any card, not only those of registrations they may open. */
export function mayOpenAnyCard(viewer: Viewer | null | undefined): boolean {
  return inScope(viewer, CARD_SCOPES.openAny);
}

/** Holds a permission that opens trekker side panels at all (the panel's loader checks the row). */
export function mayOpenPanels(viewer: Viewer | null | undefined): boolean {
  return CARD_SCOPES.panel.some((s) => can(viewer, s.permission));
}
