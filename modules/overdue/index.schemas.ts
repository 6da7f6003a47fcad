export { caseMoveSchema, markSafeSchema } from "./schemas";
