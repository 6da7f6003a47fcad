// The chalan module's public entry for server code (models stay private).
export * from "./index";
export * from "./index.schemas";
export * from "./index.lists";
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
