import { z } from "zod";
import { requiredText, textOnlyField } from "../../../app/utils/validation";
import { checkpostPlaceFields } from "./checkpost";

/** Spec 2 §4: disabling needs a reason (the spec's "comments"); enabling does not. */
export const disableUserSchema = z.object({ remarks: requiredText("Reason").max(500) });

/** The Update Checkpost Information modal (spec 2 §5 "Checkpost form"). */
export const checkpostInfoSchema = z.object({
  fullName: textOnlyField("Full Name"),
  ...checkpostPlaceFields,
});

export type CheckpostInfoInput = z.infer<typeof checkpostInfoSchema>;
