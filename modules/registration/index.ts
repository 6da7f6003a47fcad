// The registration module's public entry for code that may run in the browser (components, pure rules,
// schemas, types). Routes and other modules import only this and index.server.ts.
export type { RegistrationViewer } from "./policy";
export type { TrekkerInput } from "./schemas";
export { InsuranceFields, TrekkerFields } from "./components/trekker-fields";
export { TrekFields } from "./components/trek-fields";
export { WizardSteps } from "./components/wizard-steps";
export { EDITABLE_STATUSES, TREKKER_LIST_SCOPES, canEditRegistration, canOpenRegistration, canPay, trekkerListScope } from "./policy";
export { formatNrs } from "./fees";
