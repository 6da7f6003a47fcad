// The server side of the payment page (app/routes/new-register.$regId.payment.tsx) in one import.
// The browser build replaces every `.server` module a route imports with an empty stub that it
// still loads (about 100 bytes each, gzip); this page sits at the page-weight budget, so its
// loader and action take their nine server modules through this one file (ADR 0045).
export { requirePermission } from "./guards.server";
export { BodyTooLargeError, readMultipart } from "@lib/multipart.server";
export { publicOrigin } from "@lib/origin.server";
export { redirectWithToast } from "./toast.server";
export { canEditRegistration, canPay, editDatesHref, getRegistration, trekDatesRefusal } from "@modules/registration/index.server";
export {
  GATEWAY_LABELS,
  confirmGatewayReturn,
  gatewayAvailable,
  paymentStepSchema,
  qrImageDataUrl,
  qrPayment,
  startGatewayPayment,
  uploadVoucher,
} from "@modules/payments/index.server";
export { parseWithZod } from "@lib/zod-form.server";
export { withDomainErrors } from "./domain-error.server";
export { pageTexts } from "./language.server";
