/** URLs of the route pages (spec 2 §2), shared by routes and components. */
export const routeDetailUrl = (id: number) => `/route/${id}`;
export const routeEditUrl = (id: number) => `/route-add/${id}`;
export const routeImageUrl = (routeId: number, imageId: number) => `/route-image/${routeId}/${imageId}`;
export const registerTrekUrl = (routeId: number) => `/new-register?routeId=${routeId}`;
