import { data } from "@remix-run/node";
import { CardActionError } from "@modules/cards/lifecycle";
import { redirectWithToast } from "./toast.server";

/** Runs a card move; refusals come back with their own status and the service's message. */
export async function cardActionResponse(back: string, run: () => Promise<{ message: string }>) {
  try {
    const result = await run();
    return redirectWithToast(back, { type: "success", message: result.message });
  } catch (error) {
    if (error instanceof CardActionError) return data({ error: error.message, field: error.field ?? null }, { status: error.status });
    throw error;
  }
}
