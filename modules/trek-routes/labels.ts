// The route form's labels, shared by the form (eager) and its schema (loaded on demand), without zod.
export const ROUTE_LABELS = {
  name: "Route Name",
  province: "Province",
  startPoint: "Start Point",
  endPoint: "End Point",
  description: "Description",
  checkpoint: "Checkpoint Name",
} as const;
