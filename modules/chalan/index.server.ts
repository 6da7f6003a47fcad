// The chalan module's public entry for server code (models stay private).
export {
  chalanPermissions,
  ALL_ITEM_CODES,
  ITEM_CODES,
  BOARD_CUSTOMER,
  CHALAN_MESSAGES,
  FIT_CUSTOMER,
  checkpostCustomer,
  customerCodeOf,
  itemCodeOf,
  pushOutcome,
  rangesOf,
  type ChalanRow,
  type LineStatus,
  type PushStatus,
} from "./index";
export { customerChalanSchema, generateConfirmSchema, pushChalanSchema, timsChalanSchema } from "./index.schemas";
export { type ChalanLogRow, chalanErrorList, pushedChalanList } from "./index.ui";
export { chalanModule } from "./plugin.server";
export type { ChalanFile, DateRange } from "./downloads.server";
export { CHALAN_FILES, chalanDownload, hasNewRows } from "./downloads.server";
export type { CustomerRow } from "./customers.server";
export { customerRows } from "./customers.server";
export type { StatusRow } from "./rows.server";
export { chalanRowBatches, chalanRows } from "./rows.server";
export type { PushView, RunPushOptions } from "./push.server";
export { PUSH_BATCH_SIZE, PUSH_JOB, activePush, getPush, lineKey, runPush, startPush } from "./push.server";
export { chalanErrorSource, pushedChalanSource } from "./list-sources.server";
export type { ErpConfig } from "./erp/config.server";
export { assertErpConfig, erpConfig, loadErpConfig } from "./erp/config.server";
export type { ErpClient, ErpClientOptions } from "./erp/client.server";
export { ErpRequestError, ErpUnavailableError, erpClient } from "./erp/client.server";
export { handleErpSimulatorRequest, erpSimulatorTotals, resetErpSimulator, setErpSimulatorFaults } from "./simulator/erp-simulator.server";
