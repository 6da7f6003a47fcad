// The registration module's entry for React pages: components and list declarations (modules/registration/README.md).
export { InsuranceFields, TrekkerFields } from "./components/trekker-fields";
export { TrekFields } from "./components/trek-fields";
export { ChoosePhotoAgain } from "./components/photo-input";
export { OverlapNotice } from "./components/overlap-notice";
export { WizardSteps } from "./components/wizard-steps";
export { PastTrekNotice } from "./components/past-trek-notice";
