import { z } from "zod";
import { messages, optionalText, requiredText } from "@lib/validation";

/** Where a checkpost user works (spec 2 §5): all five are required for a checkpost. */
export const CHECKPOST_FIELDS = [
  { name: "provinceId", label: "Province" },
  { name: "localGovernmentInfo", label: "Local Government Name" },
  { name: "wardNo", label: "Ward No" },
  { name: "routeId", label: "Route" },
  { name: "checkpointId", label: "Checkpost" },
] as const;

export type CheckpostFieldName = (typeof CHECKPOST_FIELDS)[number]["name"];

const label = (name: CheckpostFieldName) => CHECKPOST_FIELDS.find((f) => f.name === name)!.label;
const requiredId = (name: CheckpostFieldName) =>
  z
    .number({ error: messages.required(label(name)) })
    .int()
    .positive(messages.required(label(name)));

export const checkpostPlaceFields = {
  provinceId: requiredId("provinceId"),
  localGovernmentInfo: requiredText(label("localGovernmentInfo")).max(150),
  wardNo: requiredText(label("wardNo")).max(10),
  routeId: requiredId("routeId"),
  checkpointId: requiredId("checkpointId"),
};

/** The same fields, optional, for forms where only a checkpost needs them. */
export const optionalCheckpostPlaceFields = {
  provinceId: checkpostPlaceFields.provinceId.optional(),
  localGovernmentInfo: optionalText(150),
  wardNo: optionalText(10),
  routeId: checkpostPlaceFields.routeId.optional(),
  checkpointId: checkpostPlaceFields.checkpointId.optional(),
};

/** The checkpoint must lie on the chosen route; the route module answers that on the server. */
export const CHECKPOINT_NOT_ON_ROUTE = "Please choose a checkpost of the selected route";
