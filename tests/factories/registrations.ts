// Trek routes, trekkers and registrations for tests, through the modules' public entries.
import "../setup/compose";
import type { TrekkerInput } from "@modules/registration";
import { addTrekker, createRegistration, lockPrice } from "@modules/registration/index.server";
import { createRoute } from "@modules/trek-routes/index.server";
import type { Actor } from "./users";
import { inDays } from "./dates";

/** A trekker's form fields: an adult German with only the required fields filled. */
export const person = (fullName = "Anna Keller", over: Partial<TrekkerInput> = {}): TrekkerInput => ({
  fullName,
  trekkerType: 3,
  nationality: 276,
  city: "Berlin",
  gender: 1,
  dob: "1985-01-01",
  email: "p@x.test",
  passportNumber: "P",
  visaNumber: null,
  visaIssueDate: null,
  visaExpiryDate: null,
  nepalContactPerson: null,
  nepalOrganization: null,
  nepalMobile: null,
  nepalAddress: null,
  homeContactPerson: null,
  homeCity: null,
  homeMobile: null,
  homeAddress: null,
  guideName: null,
  guideLicense: null,
  guideContact: null,
  otherSupportStaff: null,
  followerEmail: null,
  insuranceCompany: null,
  policyNumber: null,
  policyType: "Trekking",
  ...over,
});

/** A photo key; the services store the key and never read the file unless a PDF is rendered. */
export const PHOTO_KEY = "trekker-photos/2026-11/00000000000000000000000000000000.jpg";

/** An open route from Besisahar to Jomsom (the entry and exit points `trek()` uses). */
export async function makeRoute(prefix = "Test Route", over: { checkpoints?: { name: string }[]; provinceId?: number } = {}) {
  const name = `${prefix} ${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const id = await createRoute({
    name,
    provinceId: over.provinceId ?? 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: over.checkpoints ?? [],
    description: "<p>x</p>",
  });
  return { id, name };
}

/** Trek fields on `routeId`: by default from 3 to 9 days from today. */
export const trek = (routeId: number, entryDate = inDays(3), exitDate = inDays(9)) => ({
  routeId,
  entryDate,
  exitDate,
  entryPoint: "Besisahar",
  exitPoint: "Jomsom",
});

export interface RegistrationOptions {
  /** The trekkers' full names (or forms); one "First" trekker by default. */
  trekkers?: (string | TrekkerInput)[];
  trek?: ReturnType<typeof trek>;
  photoKey?: string;
  /** Lock the price as the payment step does; the amount is returned. */
  priced?: boolean;
}

/** An unpaid registration of `owner` on `routeId`, made through the registration service. */
export async function makeRegistration(owner: Actor, routeId: number, opts: RegistrationOptions = {}) {
  const [first, ...rest] = (opts.trekkers ?? ["First"]).map((t) => (typeof t === "string" ? person(t) : t));
  const photo = opts.photoKey ?? PHOTO_KEY;
  const regId = await createRegistration(owner, opts.trek ?? trek(routeId), first, photo);
  for (const t of rest) await addTrekker(regId, owner, t, photo);
  const amount = opts.priced ? await lockPrice(regId, owner) : 0;
  return { regId, amount };
}

/** `count` trekker names: "First", "Trekker 1", "Trekker 2", … */
export const trekkerNames = (count: number) => ["First", ...Array.from({ length: count - 1 }, (_, i) => `Trekker ${i + 1}`)];
