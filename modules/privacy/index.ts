// The privacy module's browser-safe entry: places, labels, the audit rule, paths.
export type { PersonalDataPlace } from "./rules";
export {
  AUDIT_PATH,
  MY_DATA_PATH,
  PERSONAL_DATA_PLACES,
  PERSONAL_DATA_PLACE_LABELS,
  auditsExportsOf,
  erasedNote,
  isAuditedView,
  isPersonalDataPlace,
} from "./rules";
export { privacyPermissions } from "./permissions";
