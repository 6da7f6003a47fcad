// The registration module's public entry for server code (services, models stay private).
export {
  type RegistrationViewer,
  type TrekkerInput,
  EDITABLE_STATUSES,
  TREKKER_LIST_SCOPES,
  canEditRegistration,
  canOpenRegistration,
  canPay,
  editDatesHref,
  trekDatesRefusal,
  trekkerListScope,
  formatNrs,
} from "./index";
export { WizardSteps, PastTrekNotice } from "./index.ui";
export { firstStepSchema, followerFormSchema, insuranceSchema, splitFirstStep, trekDetailsSchema, trekkerSchema } from "./index.schemas";
export type { RegistrationForCards, TrekkerDetails } from "./summaries.server";
export type { RouteChangeListener } from "./service.server";
export {
  NotAllowedError,
  RegistrationError,
  addTrekker,
  createRegistration,
  getRegistration,
  listHistory,
  lockPrice,
  onRegistrationRouteChange,
  registrationRouteId,
  trekkerPhoto,
  trekRouteErrors,
  unlockPrice,
  updateTrek,
} from "./service.server";
export {
  cardNumbersOf,
  registrationForCards,
  registrationForPayment,
  registrationIdsEndingFromSql,
  registrationIdsOnRoute,
  registrationIdsOnRouteSql,
  routeNameColumnSql,
  routeNamesOf,
  trekDatesOf,
  trekkerDetails,
} from "./summaries.server";
export { expireUnpaidRegistrations, setRegistrationStatus, sweepRegistrationStatuses, trekkersDueByTrekDates } from "./status.server";
export { parseCrop, processPhoto } from "./photo.server";
export { registrationFormOptions } from "./form-options.server";
export { registrationModule } from "./plugin.server";
export type { TrekkerListRow, TrekkerOrder, TrekkerSearch, TrekkerSubquery } from "./trekker-search.server";
export type { TrekDateQuery, TrekOnTrail } from "./trail-candidates.server";
export { treksByDate } from "./trail-candidates.server";
export {
  countTrekkers,
  searchTrekkerIds,
  searchTrekkerIdsAfter,
  trekkerFilterChoices,
  trekkerListBatch,
  trekkerListPage,
  trekkerListRows,
} from "./trekker-search.server";
export type { TrekkerBatchFields, TrekkerBatchRow } from "./trekker-search.server";
export { reviewIntent } from "./review-intents.server";
export { overlappingCards, type OverlappingCard } from "./overlaps.server";
export { nameTokens } from "./name-tokens";
export type { FollowedTrek, FollowerView } from "./followers.server";
export { FOLLOWER_MESSAGES, followedTrek, followerFor, revokeFollower, setFollower, tellFollower } from "./followers.server";
export { erasePersonalData, trekkersDueForErasure, type DueTrekker } from "./retention.server";
export { ownRegistrationData, type OwnRegistrationData } from "./own-data.server";
