import { listCountries, listLookup } from "@modules/lookups/index.server";
import { listRoutePoints } from "@modules/trek-routes/index.server";

/** Choices the registration forms offer: active routes with their points, countries, genders. */
export async function registrationFormOptions(userType: number, includeRouteId?: number) {
  const [routes, countries, genders] = await Promise.all([listRoutePoints(), listCountries(), listLookup("genders")]);
  return {
    // Disabled routes are not offered, except the one an existing registration already uses.
    routes: routes.filter((r) => r.status === "Active" || r.id === includeRouteId).map(({ id, name, points }) => ({ id, name, points })),
    countries: countries.map(({ id, name }) => ({ id, name })),
    genders,
    userType,
  };
}
