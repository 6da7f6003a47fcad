// The registration module's light public entry for code that may run in the browser (pure rules,
// policies, types). The wizard's fields and steps have narrow entries (index.fields.ts,
// index.steps.ts; ADR 0016). Routes and other modules import only this and index.server.ts.
export type { RegistrationViewer } from "./policy";
export type { TrekkerInput } from "./schemas";
export {
  EDITABLE_STATUSES,
  TREKKER_LIST_SCOPES,
  canEditRegistration,
  canOpenRegistration,
  canPay,
  editDatesHref,
  trekDatesRefusal,
  trekkerListScope,
} from "./policy";
export { formatNrs } from "./fees";
