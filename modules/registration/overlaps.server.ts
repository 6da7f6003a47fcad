import { selectArrays } from "../../db/select-arrays.server";
import { canOpenRegistration, type RegistrationViewer } from "./policy";

/**
 * A card the same passport (and nationality) already holds for dates that overlap a trek: the
 * trekker registered twice (by an agency and by themselves, or twice by mistake) would pay twice
 * for one walk. The registration's page warns before payment; it does not refuse (the spec is
 * silent, and the other card may be about to be returned; docs/decisions.md).
 */
export interface OverlappingCard {
  trekkerId: number;
  fullName: string;
  entryDate: string;
  exitDate: string;
  /** Only when the viewer may open the other registration (its owner, the board): otherwise the dates alone. */
  cardNumber: number | null;
  registrationId: number | null;
}

// A card that no longer lets anyone walk does not count.
const NOT_HELD = ["Cancelled", "Returned", "Rejected"];

/** The overlapping cards of each trekker of registration `id` (as `viewer` may see them), in trekker order. */
export async function overlappingCards(id: number, viewer: RegistrationViewer): Promise<OverlappingCard[]> {
  const rows = await selectArrays(
    `SELECT t.id, t.fullName, o.cardNumber, o.registrationId, r2.entryDate, r2.exitDate, r2.userId
       FROM trekkers t
       JOIN registrations r ON r.id = t.registrationId
       JOIN trekkers o ON o.passportNumber = t.passportNumber AND o.nationality = t.nationality AND o.registrationId <> t.registrationId
       JOIN registrations r2 ON r2.id = o.registrationId
      WHERE t.registrationId = ? AND t.deletedAt IS NULL AND o.deletedAt IS NULL AND o.cardNumber IS NOT NULL
        AND o.status NOT IN (${NOT_HELD.map(() => "?").join(", ")})
        AND r2.entryDate <= r.exitDate AND r2.exitDate >= r.entryDate
      ORDER BY t.id, r2.entryDate`,
    [id, ...NOT_HELD],
  );
  return rows.map(([trekkerId, fullName, cardNumber, registrationId, entryDate, exitDate, userId]) => {
    const mine = canOpenRegistration(viewer, { userId: Number(userId) });
    return {
      trekkerId: Number(trekkerId),
      fullName: String(fullName),
      entryDate: String(entryDate).slice(0, 10),
      exitDate: String(exitDate).slice(0, 10),
      cardNumber: mine ? Number(cardNumber) : null,
      registrationId: mine ? Number(registrationId) : null,
    };
  });
}
