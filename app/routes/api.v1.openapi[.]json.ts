import { publicOrigin } from "@lib/origin.server";
import { apiHandler, json, openApiDocument } from "@modules/api/index.server";

/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from its zod schemas. */
export async function loader() {
  return apiHandler(async () => json(openApiDocument(publicOrigin()), 200, { "Cache-Control": "public, max-age=300" }));
}
