// The lookups module's public entry for server code (services, models stay private).
export { CARD_STATUSES, NEPAL_ID, PAYMENT_METHODS, PROVINCES, REGIONS, USER_TYPES, VOUCHER_PAYMENT_METHOD } from "./index";
export { findCountry, listCountries, listLookup } from "./service.server";
export type { CountryOption } from "./service.server";
export { lookupsModule } from "./plugin.server";
