import { kathmanduDate } from "@lib/dates";

export const TREKKER_TYPE = { Normal: 3, Diplomat: 4, Child: 5 } as const;
export const NEPAL = 524;
export const INDIA = 356;

export const REGISTRATION_MESSAGES = {
  exitBeforeEntry: "Trek Exit Date can not be less than Entry Date",
  entryInPast: "Trek Entry Date can not be earlier than today",
  dobFuture: "Date of birth can not be greater than today Date",
  childTooOld: "Child's date of birth can not be greater than 9 years of age",
  selectChild: "Please select type Child for age below 10 years.",
  diplomat: "For Diplomat please visit Nepal Tourism Board",
  visaExpiry: "Visa Expiry Date can not be less than Visa Issue Date",
  nepalForFit: "Free individual trekkers can not choose Nepal as nationality",
  pointNotOnRoute: "Choose a point on the selected trekking route",
} as const;

/** Whole years between a YYYY-MM-DD birth date and today (Nepal time). */
export function ageOn(dob: string, today = kathmanduDate()): number {
  const [by, bm, bd] = dob.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Spec 1 §5: the date-of-birth rules, in the order the user meets them. */
export function dobProblem(dob: string, trekkerType: number, today = kathmanduDate()): string | null {
  if (dob > today) return REGISTRATION_MESSAGES.dobFuture;
  const age = ageOn(dob, today);
  if (trekkerType === TREKKER_TYPE.Child && age >= 10) return REGISTRATION_MESSAGES.childTooOld;
  if (trekkerType !== TREKKER_TYPE.Child && age < 10) return REGISTRATION_MESSAGES.selectChild;
  return null;
}

/** Visa details are asked only of nationals of countries other than India and Nepal. */
export function needsVisa(nationality: number): boolean {
  return nationality !== INDIA && nationality !== NEPAL;
}

export function passportLabel(nationality: number | null | undefined): string {
  return nationality === INDIA ? "Passport Number / Aadhaar number" : "Passport Number";
}
