// The lookups module's public entry for server code (services, models stay private).
export * from "./index";
export { findCountry, listCountries, listLookup } from "./service.server";
export type { CountryOption } from "./service.server";
export { lookupsModule } from "./plugin.server";
