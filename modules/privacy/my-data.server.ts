import { getUserProfile } from "@modules/users/index.server";
import { ownRegistrationData } from "@modules/registration/index.server";
import { cardLifecycleFields } from "@modules/cards/index.server";
import { ownPaymentRecords } from "@modules/payments/index.server";
import { checkinsOf } from "@modules/checkins/index.server";

/**
 * The "download my data" file (issue 31 item 5): the account, the registrations this user made
 * with every field of their trekkers, the cards, the bills and payments this user made for them,
 * and the check-ins. Every read starts from the user's id: nothing of another account's
 * registrations can reach it.
 */
export async function myDataFile(userId: number) {
  const account = await getUserProfile(userId);
  const registrations = await ownRegistrationData(userId);
  const trekkerIds = registrations.flatMap((r) => r.trekkers.map((t) => t.id));
  const [cards, money, checkins] = await Promise.all([
    cardLifecycleFields(trekkerIds),
    ownPaymentRecords(
      userId,
      registrations.map((r) => r.id),
    ),
    Promise.all(trekkerIds.map(async (id) => [id, await checkinsOf(id)] as const)),
  ]);
  const checkinsBy = new Map(checkins);
  return {
    format: "tims-personal-data/1",
    exportedAt: new Date().toISOString(),
    account,
    registrations: registrations.map((r) => ({
      ...r,
      trekkers: r.trekkers.map((t) => {
        const card = cards.get(t.id);
        return {
          ...t,
          card: card ? { cardNumber: card.cardNumber, status: card.status } : null,
          checkins: (checkinsBy.get(t.id) ?? []).map((c) => ({
            place: c.place,
            method: c.method,
            direction: c.direction,
            at: c.at,
            refusedReason: c.refusedReason ?? null,
          })),
        };
      }),
    })),
    bills: money.bills,
    payments: money.payments,
  };
}

export type MyDataFile = Awaited<ReturnType<typeof myDataFile>>;
