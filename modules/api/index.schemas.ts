export { issueDeviceSchema } from "./schemas";
