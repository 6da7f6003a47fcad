import { z } from "zod";
import { requiredText, textOnlyField } from "@lib/validation";
import { idParam } from "@lib/params";
import { KIND_SEGMENTS } from "../kinds";
import { checkpostPlaceFields } from "./checkpost";

/** Spec 2 §4: disabling needs a reason (the spec's "comments"); enabling does not. */
export const disableUserSchema = z.object({ remarks: requiredText("Reason", { multiline: true }).max(500) });

/** The Update Checkpost Information modal (spec 2 §5 "Checkpost form"). */
export const checkpostInfoSchema = z.object({
  fullName: textOnlyField("Full Name"),
  ...checkpostPlaceFields,
});

export type CheckpostInfoInput = z.infer<typeof checkpostInfoSchema>;

const kindSegments = Object.values(KIND_SEGMENTS) as [string, ...string[]];

/** /users/[:kind/]:id: the kind is one of the list's URL segments (none for staff), the id a row id. */
export const userTargetParams = z.object({ kind: z.enum(kindSegments).optional(), id: idParam });
