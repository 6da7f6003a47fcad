import { apiHandler, ApiError } from "@modules/api/index.server";

/** Any other /api/v1 path: a JSON 404, not the HTML page. */
async function notFound() {
  return apiHandler(async () => {
    throw new ApiError(404, "No such API endpoint. See /api/v1/openapi.json.");
  });
}

export const loader = notFound;
export const action = notFound;
