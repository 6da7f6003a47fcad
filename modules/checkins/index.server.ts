// The check-ins module's public entry for server code (the model stays private).
export * from "./index";
export type { CheckinOutcome, CheckinView, ScanInput, SelfCheckinCard } from "./service.server";
export { CheckinInputError, checkinsOf, scanCard, selfCheckin, selfCheckinCard, trailsOf, trekkersWithCheckins } from "./service.server";
export { checkinsModule } from "./plugin.server";
