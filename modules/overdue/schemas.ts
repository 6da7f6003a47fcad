import { z } from "zod";
import { reasonField } from "@lib/validation";
import { PERSON_MOVES, type CaseMove } from "./cases";

/** The mark-safe dialog: a note of 10+ characters saying how the trekker was found safe. */
export const markSafeSchema = z.object({ note: reasonField("Note") });

/** A case move: one of the moves people make (the table re-checks the viewer and the state), a note, and for an escalation the ticked confirmation. */
export const caseMoveSchema = z.object({
  move: z.enum(PERSON_MOVES as [CaseMove, ...CaseMove[]], { message: "Choose a move" }),
  note: reasonField("Note"),
  confirm: z.literal("1").optional(),
});
