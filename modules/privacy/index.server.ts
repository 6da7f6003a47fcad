// The privacy module's server entry: the retention job, the audit log, one's own data file, the plugin.
export type { PersonalDataPlace } from "./index";
export {
  AUDIT_PATH,
  MY_DATA_PATH,
  PERSONAL_DATA_PLACES,
  PERSONAL_DATA_PLACE_LABELS,
  auditsExportsOf,
  erasedNote,
  isAuditedView,
  isPersonalDataPlace,
  privacyPermissions,
} from "./index";
export { RETENTION_CRON, RETENTION_JOB, retentionCutoff, runRetention, type RetentionResult } from "./retention.server";
export { listPersonalDataViews, personalDataViewers, recordExport, recordTrekkerView, type ViewFilters, type ViewRow, type Viewer } from "./views.server";
export { myDataFile, type MyDataFile } from "./my-data.server";
export { privacyModule } from "./plugin.server";
