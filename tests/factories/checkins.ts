// Check-in fixtures: a checkpost placed at a checkpoint of a route, and cards to scan on it.
import type { TrekkerInput } from "@modules/registration";
import "../setup/compose";
import { routeCheckpoints } from "@modules/trek-routes/index.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { cardQrText, signQrPayload, trekkerCardData } from "@modules/cards/index.server";
import { findCountry } from "@modules/lookups/index.server";
import { issuedCards, makeCardGenerator } from "./cards";
import { makeRoute, person, trek } from "./registrations";
import { makeUser, type TestUser } from "./users";

export const TRAIL = ["Dharapani Gate", "Chame Post", "Manang Post", "Muktinath Post"] as const;

/** A route with the four TRAIL checkpoints and a checkpost account at `at` (0 = first, 3 = the end). */
export async function makeTrail(at = 0) {
  const route = await makeRoute("Trail", { checkpoints: TRAIL.map((name) => ({ name })) });
  const points = await routeCheckpoints(route.id);
  const checkpost = await makeUser({
    userType: 5,
    fullName: "Trail Post",
    routeId: route.id,
    checkpointId: points[at].id,
    provinceId: 4,
    localGovernmentInfo: "Nashong",
    wardNo: "2",
  } as never);
  return { route, points, checkpost };
}

/** Another checkpost on the same route, at checkpoint index `at`. */
export function makeCheckpostAt(routeId: number, checkpointId: number): Promise<TestUser> {
  return makeUser({ userType: 5, fullName: "Trail Post", routeId, checkpointId } as never);
}

/**
 * Issued cards on `routeId` whose trek runs from `entry` to `exit` (YYYY-MM-DD), each with its
 * card number, passport and signed QR texts: `qr` of the first format (ids), `cardQr` of the one
 * new cards carry (their claims; issue 18).
 */
export async function trailCards(routeId: number, opts: { count?: number; entry: string; exit: string; owner?: TestUser; fields?: Partial<TrekkerInput> }) {
  const owner =
    opts.owner ?? (await makeUser({ userType: 2, organizationName: "Trail Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never));
  const generator = await makeCardGenerator();
  const stamp = Date.now().toString(36).toUpperCase();
  const passports = Array.from({ length: opts.count ?? 1 }, (_, i) => `TR${stamp}${i}`);
  const names = passports.map((_, i) => `Walker ${String.fromCharCode(65 + i)}`);
  const { regId, trekkerIds } = await issuedCards(owner, generator, routeId, {
    trekkers: names.map((n, i) => person(n, { ...opts.fields, passportNumber: passports[i] })),
    trek: { ...trek(routeId), entryDate: opts.entry, exitDate: opts.exit },
  });
  const numbers = await cardNumbersOf(regId);
  const cardQrs = await Promise.all(
    trekkerIds.map(async (trekkerId) => {
      const data = (await trekkerCardData(trekkerId, "system"))!;
      return cardQrText(data, (await findCountry(data.nationality))?.name ?? "");
    }),
  );
  return trekkerIds.map((trekkerId, i) => ({
    trekkerId,
    regId,
    cardNumber: numbers.find((n) => n.trekkerId === trekkerId)!.cardNumber!,
    passport: passports[i],
    fullName: names[i],
    qr: signQrPayload({ trekkerId, registrationId: regId }),
    cardQr: cardQrs[i],
  }));
}
