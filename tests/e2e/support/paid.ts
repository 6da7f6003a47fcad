import { createRegistration, addTrekker } from "@modules/registration/index.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import type { TrekkerInput } from "@modules/registration";
import { makeUser } from "./data";
import { person as trekker } from "../../factories/registrations";
import { dayFromToday, makeRoute } from "./registration";

/** The trekker the e2e specs expect on cards and panels. */
export const person = (fullName: string, over: Partial<TrekkerInput> = {}): TrekkerInput =>
  trekker(fullName, { gender: 2, dob: "1988-05-05", email: "trekker@example.com", passportNumber: "C01X00T47", ...over });

/** A free trekker (new, or the one given) with a fresh two-trekker registration awaiting payment (made through the module, not the UI). */
export async function unpaidRegistration(payer?: Awaited<ReturnType<typeof makeUser>>) {
  const user = payer ?? (await makeUser({ userType: 1 }));
  const route = await makeRoute("Pay Trek");
  const viewer = { id: user.id, userType: 1, grants: [] as string[] };
  const regId = await createRegistration(
    viewer,
    { routeId: route.id, entryDate: dayFromToday(7), exitDate: dayFromToday(14), entryPoint: "Besisahar", exitPoint: "Jomsom" },
    person("Anna Keller"),
    "trekker-photos/2026-11/00000000000000000000000000000000.jpg",
  );
  await addTrekker(regId, viewer, person("Jonas Keller"), "trekker-photos/2026-11/00000000000000000000000000000000.jpg");
  return { user, regId, route };
}

export const cardsOf = (regId: number) => cardNumbersOf(regId);
export const statusOf = async (regId: number) => (await registrationForPayment(regId))?.status;
