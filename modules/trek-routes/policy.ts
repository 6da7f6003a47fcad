import { inScope, type PermissionHolder, type PermissionScope } from "@modules/permissions";

/**
 * Row rules of trek routes as scopes. Routes belong to nobody: every role reads any route, the board
 * manages any, and whoever registers treks may start one on any route that is Active.
 */
export const ROUTE_SCOPES = {
  view: [{ permission: "routes", rows: "any" }],
  manage: [{ permission: "routesAdd", rows: "any" }],
  register: [{ permission: "registerTrek", rows: "any" }],
} as const satisfies Record<string, readonly PermissionScope[]>;

export function canManageRoutes(viewer: PermissionHolder): boolean {
  return inScope(viewer, ROUTE_SCOPES.manage);
}

/** The "Register Trek" button of a route's page: only on an Active route. */
export function canRegisterOnRoute(viewer: PermissionHolder, route: { status: string }): boolean {
  return route.status === "Active" && inScope(viewer, ROUTE_SCOPES.register);
}
