import { addDays, kathmanduDate } from "@lib/dates";
import type { TrekkerInput } from "@modules/registration";
import { addTrekker, cardNumbersOf, createRegistration, lockPrice, processPhoto } from "@modules/registration/index.server";
import { GATEWAY_METHOD_ID, PaymentAttempt, claimAttempt, settle, type GatewayId } from "@modules/payments/index.server";
import { scanCard } from "@modules/checkins/index.server";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { findUserByEmail } from "@modules/users/index.server";

/**
 * Treks for `npm start`'s demo data (after the demo accounts and routes), so that a first run
 * shows the operations half with something in it: issued cards in the lists, the dashboard and
 * billing, today's chalan, check-ins at the demo checkpost, an unpaid trek with its Pay action, and
 * the card e-mails in the outbox (queued with the payments; the server sends them once it runs).
 * The registrations and the scans go through the modules' services as the screens' would; the
 * payment is an attempt settled as a gateway's verified answer settles it (`settle`: bill, cards,
 * receipt), without the round trip to a gateway.
 * Dates are counted from today in Nepal, so the demo is current whenever it is seeded.
 */

interface DemoTrek {
  owner: string;
  route: string;
  /** The trek's entry and exit points (the demo route's start and end). */
  points: [string, string];
  /** Days from today to the entry and the exit. */
  days: [number, number];
  trekkers: DemoTrekker[];
  /** Paid through this gateway, or left unpaid. */
  paid?: GatewayId;
  /** How many of the trekkers the demo checkpost (at Chame) has checked in today. */
  checkedIn?: number;
}

interface DemoTrekker {
  fullName: string;
  /** ISO 3166 numeric, as the countries lookup keys them. */
  nationality: number;
  city: string;
  gender: 1 | 2;
  dob: string;
  passportNumber: string;
  /** The photo's background (the demo photo is a generated portrait card with initials). */
  colour: string;
}

export const DEMO_TREKS: DemoTrek[] = [
  {
    owner: "agency@tims.test",
    route: "Annapurna Circuit",
    points: ["Besisahar", "Jomsom"],
    days: [0, 12],
    paid: "khalti",
    checkedIn: 2,
    trekkers: [
      { fullName: "Hans Peter Müller", nationality: 276, city: "München", gender: 1, dob: "1979-04-12", passportNumber: "C01X00T47", colour: "#1d4ed8" },
      { fullName: "Sophie Martin", nationality: 250, city: "Lyon", gender: 2, dob: "1991-09-03", passportNumber: "19AV53021", colour: "#047857" },
      { fullName: "Aarav Sharma", nationality: 356, city: "Pune", gender: 1, dob: "1995-01-27", passportNumber: "T4452817", colour: "#b45309" },
    ],
  },
  {
    owner: "agency@tims.test",
    route: "Everest Base Camp",
    points: ["Lukla", "Everest Base Camp"],
    days: [5, 19],
    paid: "esewa",
    trekkers: [
      { fullName: "Emily Clarke", nationality: 826, city: "Leeds", gender: 2, dob: "1988-06-30", passportNumber: "553187264", colour: "#7c3aed" },
      { fullName: "James O'Brien", nationality: 372, city: "Cork", gender: 1, dob: "1984-11-15", passportNumber: "PX4410982", colour: "#be123c" },
    ],
  },
  {
    owner: "agency@tims.test",
    route: "Langtang Valley",
    points: ["Syabrubesi", "Kyanjin Gompa"],
    days: [9, 16],
    trekkers: [{ fullName: "Kenji Watanabe", nationality: 392, city: "Osaka", gender: 1, dob: "1990-02-08", passportNumber: "TK7730415", colour: "#0f766e" }],
  },
  {
    owner: "fit@tims.test",
    route: "Annapurna Base Camp",
    points: ["Nayapul", "Annapurna Base Camp"],
    days: [2, 10],
    paid: "esewa",
    trekkers: [{ fullName: "Anna Keller", nationality: 276, city: "Berlin", gender: 2, dob: "1993-03-21", passportNumber: "C4F7K2L91", colour: "#c2410c" }],
  },
];

const CHECKPOST = "checkpost@tims.test";

/** Seeds DEMO_TREKS; returns the registrations made. Run once, on a database the demo accounts and routes were just seeded into. */
export async function seedDemoTreks(today = kathmanduDate()): Promise<number[]> {
  const routes = await listRouteChoices();
  const checkpost = await findUserByEmail(CHECKPOST);
  const made: number[] = [];
  for (const demo of DEMO_TREKS) {
    const user = await findUserByEmail(demo.owner);
    const route = routes.find((r) => r.name === demo.route);
    // Without the demo accounts or routes (other modules' seeds) there is nothing to register on.
    if (!user || !route) continue;
    const owner = { id: user.id, userType: user.userType, grants: [] as string[] };
    const trek = {
      routeId: route.id,
      entryDate: addDays(today, demo.days[0]),
      exitDate: addDays(today, demo.days[1]),
      entryPoint: demo.points[0],
      exitPoint: demo.points[1],
    };
    const [first, ...rest] = demo.trekkers;
    const regId = await createRegistration(owner, trek, trekkerInput(first, user.email), await demoPhoto(first));
    for (const t of rest) await addTrekker(regId, owner, trekkerInput(t, user.email), await demoPhoto(t));
    made.push(regId);
    if (!demo.paid) continue;
    const amountPaisa = await lockPrice(regId, owner);
    const methodId = GATEWAY_METHOD_ID[demo.paid];
    const attempt = await PaymentAttempt.create({ registrationId: regId, userId: owner.id, gateway: demo.paid, methodId, txnId: `DEMO-${regId}`, amountPaisa });
    const outcome = await settle({
      registrationId: regId,
      amountPaisa,
      methodId,
      payerUserId: owner.id,
      attemptId: attempt.id,
      claim: claimAttempt(attempt.id),
    });
    if (outcome !== "issued") throw new Error(`Demo registration ${regId}: the payment was ${outcome}, not issued`);
    if (!demo.checkedIn || !checkpost) continue;
    const cards = await cardNumbersOf(regId);
    for (const [i, t] of demo.trekkers.slice(0, demo.checkedIn).entries()) {
      const cardNumber = cards[i]?.cardNumber;
      if (cardNumber) await scanCard(checkpost, { method: "typed", cardNumber, passport: t.passportNumber });
    }
  }
  return made;
}

function trekkerInput(t: DemoTrekker, email: string): TrekkerInput {
  return {
    fullName: t.fullName,
    trekkerType: 3,
    nationality: t.nationality,
    city: t.city,
    gender: t.gender,
    dob: t.dob,
    email,
    passportNumber: t.passportNumber,
    visaNumber: null,
    visaIssueDate: null,
    visaExpiryDate: null,
    nepalContactPerson: "Pemba Sherpa",
    nepalOrganization: "Himalayan Trails",
    nepalMobile: "9851012345",
    nepalAddress: "Thamel, Kathmandu",
    homeContactPerson: null,
    homeCity: t.city,
    homeMobile: null,
    homeAddress: null,
    guideName: null,
    guideLicense: null,
    guideContact: null,
    otherSupportStaff: null,
    followerEmail: null,
    insuranceCompany: "Global Rescue",
    policyNumber: `GR-${t.passportNumber}`,
    policyType: "Trekking",
  };
}

/** A portrait card (initials on a colour) put through the photo step (checked, cropped, scaled, stored) as an upload would be. */
async function demoPhoto(t: DemoTrekker): Promise<string> {
  const initials = t.fullName
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w[0])
    .slice(0, 2)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${t.colour}"/><circle cx="300" cy="240" r="120" fill="#ffffff" fill-opacity="0.25"/><path d="M90 600c20-140 110-210 210-210s190 70 210 210z" fill="#ffffff" fill-opacity="0.25"/><text x="300" y="285" font-family="DejaVu Sans, sans-serif" font-size="120" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`;
  const { default: sharp } = await import("sharp");
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const stored = await processPhoto(new File([new Uint8Array(jpeg)], "photo.jpg", { type: "image/jpeg" }), null);
  if (!stored.ok) throw new Error(`Demo photo for ${t.fullName}: ${stored.message}`);
  return stored.key;
}
