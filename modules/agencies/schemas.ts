import { z } from "zod";
import { requiredText } from "../../app/utils/validation";

export const rejectSchema = z.object({ remarks: requiredText("Remarks").max(2000) });
export const approveSchema = z.object({ remarks: z.string().trim().max(2000).optional().default("") });
export const remarkSchema = z.object({ intent: z.literal("remark"), note: requiredText("Note").max(2000) });
