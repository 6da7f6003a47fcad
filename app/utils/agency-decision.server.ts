import type { DecisionResult } from "@modules/agencies/service.server";
import { redirectWithToast } from "./toast.server";

export function parseAgencyId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}

/** Both decisions answer the same way: success toast, or why nothing changed. */
export function decisionResponse(id: number, result: DecisionResult, success: string) {
  if (result === "not-found") throw new Response("Not Found", { status: 404 });
  if (result === "not-awaiting") {
    return redirectWithToast(`/requests/${id}`, { type: "warning", message: "This application is not awaiting review any more; nothing was changed." });
  }
  return redirectWithToast(`/requests/${id}?tab=remarks`, { type: "success", message: success });
}
