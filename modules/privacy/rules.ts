/** Where staff saw a trekker's personal data (the audit log's `place`). */
export const PERSONAL_DATA_PLACES = ["trekker-panel", "scanned-trekker", "export", "rescue-sheet"] as const;
export type PersonalDataPlace = (typeof PERSONAL_DATA_PLACES)[number];

export const PERSONAL_DATA_PLACE_LABELS: Record<PersonalDataPlace, string> = {
  "trekker-panel": "Trekker panel",
  "scanned-trekker": "Scanned trekker",
  export: "Export with personal columns",
  "rescue-sheet": "Rescue sheet",
};

export function isPersonalDataPlace(value: unknown): value is PersonalDataPlace {
  return typeof value === "string" && (PERSONAL_DATA_PLACES as readonly string[]).includes(value);
}

/**
 * Whether a view is audited (docs/decisions.md, "Who is audited"): anyone looking at trekkers
 * another account registered. The registering account itself (a free trekker, an agency with its
 * own clients) typed the data in and is not audited.
 */
export function isAuditedView(viewerId: number, registeredBy: number | null | undefined): boolean {
  return registeredBy == null || registeredBy !== viewerId;
}

/**
 * Whether a role's list exports are audited: the board, checkposts and TAAN export trekkers other
 * accounts registered; an agency or a free trekker only its own.
 */
export function auditsExportsOf(userType: number): boolean {
  return userType === 4 || userType === 5 || userType === 6;
}

/** The note shown where a trekker's personal data was erased. */
export function erasedNote(erasedAt: string | Date, display: (value: string | Date) => string): string {
  return `Personal data erased on ${display(erasedAt)} (retention)`;
}

/** Path of the "download my data" file. */
export const MY_DATA_PATH = "/account-settings/my-data.json";
export const AUDIT_PATH = "/audit/personal-data";
