import type { TimsModule } from "../contract";

/** Agency onboarding; its pages are reached by the guard's redirects, not from the sidebar. */
export const agenciesModule: TimsModule = {
  name: "agencies",
};
