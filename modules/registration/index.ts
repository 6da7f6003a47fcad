import type { TimsModule } from "../contract";

export const registrationModule: TimsModule = {
  name: "registration",
  sidebar: [
    { label: "Register Trek", to: "/new-register", permission: "registerTrek", order: 10, icon: "register" },
    { label: "Trekkers", to: "/trekkers", permission: "trekkers", order: 60, icon: "trekkers" },
  ],
};
