export { markSafeSchema } from "./schemas";
