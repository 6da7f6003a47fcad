import { z } from "zod";
import { reasonField } from "@lib/validation";

/** The mark-safe dialog: a note of 10+ characters saying how the trekker was found safe. */
export const markSafeSchema = z.object({ note: reasonField("Note") });
