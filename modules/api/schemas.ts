import { z } from "zod";
import { requiredText } from "@lib/validation";

/** The board's issue form: a name for the device and the checkpost or agency account it acts as. */
export const issueDeviceSchema = z.object({
  name: requiredText("Device name").max(100),
  userId: z.coerce.number().int().positive("Choose an account"),
});
