// The registration module's light public entry for code that may run in the browser: rules, constants,
// labels, paths and types. Components and list declarations that pages share are in index.ui.ts;
// a piece one page uses sits beside it in app/components/ (ADR 0045).
// Routes and other modules import only the module's entries.
export type { RegistrationViewer } from "./policy";
export type { TrekkerInput } from "./schemas";
export type { OverlappingCard } from "./overlaps.server";
export { INDIA, NEPAL, REGISTRATION_MESSAGES, needsVisa, passportLabel } from "./rules";
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
