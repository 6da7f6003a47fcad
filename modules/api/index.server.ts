// The API module's public entry for server code (the model stays private).
export { apiPermissions } from "./index";
export { issueDeviceSchema } from "./index.schemas";
export type { ApiCaller, DeviceRow } from "./devices.server";
export { apiLimits, authenticate, checkpostChoices, deviceForRevoke, issueDevice, listDevices, revokeDevice } from "./devices.server";
export { ApiError, apiHandler, errorResponse, json } from "./errors.server";
export { cardByNumber, cardKeySet, parseBatch, recordBatch, revocationList } from "./service.server";
export { openApiDocument } from "./openapi.server";
export { apiModule } from "./plugin.server";
