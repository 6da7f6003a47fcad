// A narrow browser entry of the payments module (ADR 0016): a page that imports it loads only this part.
export { SimulatorPage } from "./simulators/sim-page";
export type { SimDecision } from "./simulators/types";
