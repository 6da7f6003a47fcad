import { apiHandler, cardKeySet, json } from "@modules/api/index.server";

/** GET /api/v1/keys: the card-signing public keys (public: a key set is meant to be published). */
export async function loader() {
  return apiHandler(async () => json(await cardKeySet(), 200, { "Cache-Control": "public, max-age=300" }));
}
