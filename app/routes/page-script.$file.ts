import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageScriptResponse } from "@lib/page-script.server";

/** The document pages' script and its chunks (ADR 0043); public, like the build's own chunks. */
export function loader({ params }: LoaderFunctionArgs) {
  return pageScriptResponse(params.file ?? "");
}
