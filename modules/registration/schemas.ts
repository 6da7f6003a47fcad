import { z } from "zod";
import {
  contactField,
  EMAIL_PATTERN,
  emailField,
  messages,
  optionalText as optionalTextField,
  plainText,
  requiredText,
  textOnlyField,
  type TextOptions,
} from "@lib/validation";
import { dobProblem, needsVisa, NEPAL, REGISTRATION_MESSAGES, TREKKER_TYPE } from "./rules";
import { kathmanduDate } from "@lib/dates";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const requiredDate = (label: string) => requiredText(label).regex(ISO_DATE, `${label} must be a date`);
const requiredId = (label: string) =>
  z.coerce
    .number({ error: messages.required(label) })
    .int()
    .positive(messages.required(label));
const optionalText = (max: number, options: TextOptions = {}) => optionalTextField(max, options).transform((v) => v || null);
const optionalDate = (label: string) =>
  plainText()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || ISO_DATE.test(v), `${label} must be a date`);

const trekDetailsShape = {
  routeId: requiredId("Trekking Area"),
  entryDate: requiredDate("Trek Entry Date"),
  exitDate: requiredDate("Trek Exit Date"),
  entryPoint: requiredText("Entry Point").max(150),
  exitPoint: requiredText("Exit Point").max(150),
};

type Ctx = z.RefinementCtx;
type TrekShape = { entryDate: string; exitDate: string };

/**
 * The cross-field rules run even while other fields are still empty or wrong: the browser checks
 * each field as it is left (Conform's blur validation), long before the whole form is valid, and
 * zod would otherwise skip an object's refinements after any field's issue. Each rule then looks
 * only at fields that parsed.
 */
const EVEN_WITH_ISSUES = { when: () => true };

/** Whether each named top-level field parsed without an issue so far. */
function parsed(ctx: Ctx, ...names: string[]): boolean {
  return !ctx.issues.some((issue) => names.includes(String(issue.path?.[0])));
}

function refineTrek(v: TrekShape, ctx: Ctx) {
  if (!parsed(ctx, "entryDate")) return;
  if (parsed(ctx, "exitDate") && v.exitDate < v.entryDate) ctx.addIssue({ code: "custom", path: ["exitDate"], message: REGISTRATION_MESSAGES.exitBeforeEntry });
  if (v.entryDate < kathmanduDate()) ctx.addIssue({ code: "custom", path: ["entryDate"], message: REGISTRATION_MESSAGES.entryInPast });
}

export const trekDetailsSchema = z.object(trekDetailsShape).superRefine(refineTrek, EVEN_WITH_ISSUES);
export type TrekDetailsInput = z.infer<typeof trekDetailsSchema>;

const insuranceShape = {
  insuranceCompany: optionalText(150),
  policyNumber: optionalText(80),
  policyType: requiredText("Policy Type").max(80),
};
export const insuranceSchema = z.object(insuranceShape);
export type InsuranceInput = z.infer<typeof insuranceSchema>;

function trekkerShape(opts: { userType: number }) {
  const isAgency = opts.userType === 2;
  return {
    fullName: textOnlyField("Full Name"),
    trekkerType: z.coerce.number({ error: messages.required("Trekker Type") }).refine((v) => [3, 4, 5].includes(v), messages.required("Trekker Type")),
    nationality: requiredId("Nationality"),
    city: requiredText("City").max(100),
    gender: requiredId("Gender"),
    dob: requiredDate("Date of Birth"),
    email: emailField("Email"),
    passportNumber: requiredText("Passport Number").max(50),
    visaNumber: optionalText(50),
    visaIssueDate: optionalDate("Visa Issue Date"),
    visaExpiryDate: optionalDate("Visa Expiry Date"),
    nepalContactPerson: optionalText(150),
    nepalOrganization: optionalText(150),
    nepalMobile: optionalText(20),
    nepalAddress: optionalText(255),
    homeContactPerson: optionalText(150),
    homeCity: optionalText(100),
    homeMobile: optionalText(30),
    homeAddress: optionalText(255),
    guideName: isAgency ? textOnlyField("Guide Name") : optionalText(150),
    guideLicense: isAgency ? requiredText("Guide ID").max(50) : optionalText(50),
    guideContact: isAgency ? contactField("Guide Contact") : optionalText(20),
    otherSupportStaff: optionalText(500, { multiline: true }),
    // Opt-in (issue 29 item 3): someone at home who may follow the trek through a private link.
    followerEmail: plainText({ label: "Follower e-mail" })
      .max(190)
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || EMAIL_PATTERN.test(v), messages.email),
    ...insuranceShape,
  };
}

type TrekkerShape = { trekkerType: number; dob: string; nationality: number; visaIssueDate: string | null; visaExpiryDate: string | null };

function refineTrekker(opts: { userType: number }) {
  return (v: TrekkerShape, ctx: Ctx) => {
    const typeOk = parsed(ctx, "trekkerType");
    const nationalityOk = parsed(ctx, "nationality");
    if (typeOk && v.trekkerType === TREKKER_TYPE.Diplomat) ctx.addIssue({ code: "custom", path: ["trekkerType"], message: REGISTRATION_MESSAGES.diplomat });
    // A date of birth in the future is wrong whatever the type; the age rules need the type.
    const dob = !parsed(ctx, "dob") ? null : typeOk ? dobProblem(v.dob, v.trekkerType) : v.dob > kathmanduDate() ? REGISTRATION_MESSAGES.dobFuture : null;
    if (dob) ctx.addIssue({ code: "custom", path: ["dob"], message: dob });
    if (nationalityOk && opts.userType === 1 && v.nationality === NEPAL)
      ctx.addIssue({ code: "custom", path: ["nationality"], message: REGISTRATION_MESSAGES.nepalForFit });
    const visaOk = nationalityOk && parsed(ctx, "visaIssueDate", "visaExpiryDate");
    if (visaOk && needsVisa(v.nationality) && v.visaIssueDate && v.visaExpiryDate && v.visaExpiryDate < v.visaIssueDate) {
      ctx.addIssue({ code: "custom", path: ["visaExpiryDate"], message: REGISTRATION_MESSAGES.visaExpiry });
    }
  };
}

/** Visa details belong only to nationals of countries other than India and Nepal. */
function dropVisaUnlessNeeded<T extends TrekkerShape & { visaNumber: string | null }>(v: T): T {
  return needsVisa(v.nationality) ? v : { ...v, visaNumber: null, visaIssueDate: null, visaExpiryDate: null };
}

/**
 * One trekker. Agencies must name the guide; free trekkers may not choose Nepal; a diplomat is
 * refused (the page shows the spec's modal).
 */
export function trekkerSchema(opts: { userType: number }) {
  return z.object(trekkerShape(opts)).superRefine(refineTrekker(opts), EVEN_WITH_ISSUES).transform(dropVisaUnlessNeeded);
}
export type TrekkerInput = z.infer<ReturnType<typeof trekkerSchema>>;

/** Step 1 posts the trek details and the first trekker as one flat form. */
export function firstStepSchema(opts: { userType: number }) {
  const refine = refineTrekker(opts);
  return z
    .object({ ...trekDetailsShape, ...trekkerShape(opts) })
    .superRefine((v, ctx) => {
      refineTrek(v, ctx);
      refine(v, ctx);
    }, EVEN_WITH_ISSUES)
    .transform(dropVisaUnlessNeeded);
}

const TREK_KEYS = Object.keys(trekDetailsShape) as (keyof typeof trekDetailsShape)[];

/** Splits step 1's flat values into the trek and the trekker. */
export function splitFirstStep(v: z.infer<ReturnType<typeof firstStepSchema>>): { trek: TrekDetailsInput; trekker: TrekkerInput } {
  const trek = Object.fromEntries(TREK_KEYS.map((k) => [k, v[k]])) as TrekDetailsInput;
  const trekker = Object.fromEntries(Object.entries(v).filter(([k]) => !TREK_KEYS.includes(k as never))) as TrekkerInput;
  return { trek, trekker };
}

/**
 * The card page's follower forms (issue 29 item 3): name or replace the follower, or revoke it
 * (after the page's confirmation). The address is checked again by the service.
 */
export const followerFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-follower"),
    followerEmail: emailField("Follower e-mail"),
  }),
  z.object({ intent: z.literal("revoke-follower") }),
]);
