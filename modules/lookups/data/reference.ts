/** Reference data every install gets (spec 1 §1, §5, §9; spec 2 §4). Ids are the spec's codes. */
export const REGIONS = [
  { id: 1, name: "SAARC" },
  { id: 2, name: "Others" },
  { id: 5, name: "Child" },
] as const;

export const GENDERS = [
  { id: 1, name: "Male" },
  { id: 2, name: "Female" },
  { id: 3, name: "Other" },
] as const;

/** Trekker type is the spec's RegionalId: 3 normal, 4 diplomat, 5 child. */
export const TREKKER_TYPES = [
  { id: 3, name: "Normal" },
  { id: 4, name: "Diplomat" },
  { id: 5, name: "Child" },
] as const;

export const PROVINCES = [
  { id: 1, name: "Koshi" },
  { id: 2, name: "Madhesh" },
  { id: 3, name: "Bagmati" },
  { id: 4, name: "Gandaki" },
  { id: 5, name: "Lumbini" },
  { id: 6, name: "Karnali" },
  { id: 7, name: "Sudurpashchim" },
] as const;

export const USER_TYPES = [
  { id: 1, name: "Free Individual Trekker" },
  { id: 2, name: "Trekking Agency" },
  { id: 4, name: "NTB" },
  { id: 5, name: "Checkpost" },
  { id: 6, name: "TAAN" },
] as const;

/** Payment method 5 is the voucher (bank deposit) in every part of the spec. */
export const PAYMENT_METHODS = [
  { id: 1, name: "eSewa" },
  { id: 2, name: "connectIPS" },
  { id: 3, name: "Khalti" },
  { id: 4, name: "FonePay" },
  { id: 5, name: "Voucher" },
  { id: 6, name: "Card" },
] as const;
export const VOUCHER_PAYMENT_METHOD = 5;

export const CARD_STATUSES = [
  { id: 1, name: "Active" },
  { id: 2, name: "Cancelled" },
  { id: 3, name: "Approved" },
  { id: 4, name: "Approval Pending" },
  { id: 5, name: "Pending" },
  { id: 6, name: "Payment Pending" },
  { id: 7, name: "Payment Failure" },
  { id: 8, name: "Accomplished" },
  { id: 9, name: "Completed" },
  { id: 10, name: "Missed" },
  { id: 11, name: "Returned" },
  { id: 12, name: "Rejected" },
  { id: 13, name: "Upcoming" },
  // Not among the spec's 13: an unpaid trek whose exit date has passed, closed by the daily sweep
  // (issue 25; docs/decisions.md "Past treks").
  { id: 14, name: "Expired" },
] as const;

export const NEPAL_ID = 524;
export const INDIA_ID = 356;

/** Simple id/name lookup tables; countries have their own table (they carry a price region). */
export const SIMPLE_LOOKUPS = {
  regions: REGIONS,
  genders: GENDERS,
  trekker_types: TREKKER_TYPES,
  provinces: PROVINCES,
  user_types: USER_TYPES,
  payment_methods: PAYMENT_METHODS,
  card_statuses: CARD_STATUSES,
} as const;
export type SimpleLookupTable = keyof typeof SIMPLE_LOOKUPS;
