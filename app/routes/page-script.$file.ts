import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageScriptResponse } from "~/utils/page-scripts.server";

/** The scripts of pages served without React (ADR 0029); public, like the build's own chunks. */
export function loader({ params }: LoaderFunctionArgs) {
  return pageScriptResponse(params.file ?? "");
}
