// A narrow browser entry of the registration module (ADR 0016): a page that imports it loads only this part.
export { InsuranceFields, TrekkerFields } from "./components/trekker-fields";
export { TrekFields } from "./components/trek-fields";
export { ChoosePhotoAgain } from "./components/photo-input";
export { OverlapNotice } from "./components/overlap-notice";
