// A narrow browser entry of the registration module (ADR 0016): a page that imports it loads only this part.
export { WizardSteps } from "./components/wizard-steps";
export { PastTrekNotice } from "./components/past-trek-notice";
