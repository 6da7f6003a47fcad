import { NEPAL_ID } from "@modules/lookups";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { User } from "./models/user.server";
import { createUser, findUserByEmail, grantPermission, type NewUser } from "./service.server";

export const DEMO_PASSWORD = "Trek@2026";

/** The demo accounts listed in the README; one per role plus an agency still onboarding. */
type DemoUser = Omit<NewUser, "password"> & {
  grants?: ("changeUserPassword" | "generateCard")[];
  /** A checkpost's post, by the names of a demo route and its checkpoint (seeded first). */
  post?: { route: string; checkpoint: string };
};

export const DEMO_USERS: DemoUser[] = [
  { userType: 4, email: "ntb@tims.test", fullName: "Board Administrator", grants: ["changeUserPassword", "generateCard"] },
  { userType: 6, email: "taan@tims.test", fullName: "TAAN Officer", organizationName: "Trekking Agencies Association of Nepal" },
  {
    userType: 2,
    email: "agency@tims.test",
    fullName: "Himalayan Trails",
    organizationName: "Himalayan Trails",
    panNumber: "301234567",
    contactPerson: "Pemba Sherpa",
    contactNo: "9851012345",
    contactAddress: "Thamel, Kathmandu",
    countryId: NEPAL_ID,
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
  },
  {
    userType: 2,
    email: "agency.new@tims.test",
    fullName: "Everest Footsteps",
    organizationName: "Everest Footsteps",
    panNumber: "302345678",
    contactPerson: "Maya Gurung",
    contactNo: "9841098765",
    contactAddress: "Lakeside, Pokhara",
    countryId: NEPAL_ID,
  },
  { userType: 1, email: "fit@tims.test", fullName: "Anna Keller", countryId: 276 },
  {
    userType: 5,
    email: "checkpost@tims.test",
    fullName: "Chame Checkpost",
    provinceId: 4,
    localGovernmentInfo: "Chame Rural Municipality",
    wardNo: "1",
    post: { route: "Annapurna Circuit", checkpoint: "Chame" },
  },
];

export async function seedDemoUsers(): Promise<void> {
  for (const { grants, post, ...demo } of DEMO_USERS) {
    const existing = await findUserByEmail(demo.email);
    const user = existing ?? (await createUser({ ...demo, password: DEMO_PASSWORD, emailVerified: true }));
    for (const g of grants ?? []) await grantPermission(user.id, g);
    if (post && !user.routeId) await placeCheckpost(user, post);
  }
}

async function placeCheckpost(user: User, post: { route: string; checkpoint: string }): Promise<void> {
  const route = (await listRouteChoices()).find((r) => r.name === post.route);
  const checkpoint = route?.checkpoints.find((c) => c.name === post.checkpoint);
  // Without the demo routes (another module's seed) the post simply stays unassigned.
  if (route && checkpoint) await user.update({ routeId: route.id, checkpointId: checkpoint.id });
}
