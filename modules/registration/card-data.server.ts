import { Registration, Trekker } from "./models/registration.server";
import { canOpenRegistration, type RegistrationViewer } from "./policy";

/** What a printed card and the trekker panel show of one trekker and their trek. */
export interface TrekkerCardData {
  trekkerId: number;
  registrationId: number;
  registeredBy: number;
  registeredByType: number;
  cardNumber: number | null;
  status: string;
  issuedAt: Date | null;
  fullName: string;
  photoKey: string;
  trekkerType: number;
  nationality: number;
  gender: number;
  dob: string;
  email: string;
  passportNumber: string;
  visaNumber: string | null;
  city: string;
  routeName: string;
  entryDate: string;
  exitDate: string;
  entryPoint: string;
  exitPoint: string;
  nepalContactPerson: string | null;
  nepalOrganization: string | null;
  nepalMobile: string | null;
  nepalAddress: string | null;
  homeContactPerson: string | null;
  homeCity: string | null;
  homeMobile: string | null;
  homeAddress: string | null;
  insuranceCompany: string | null;
  policyNumber: string | null;
  policyType: string;
  guideName: string | null;
  guideLicense: string | null;
  guideContact: string | null;
  amountPaisa: number | null;
}

/** One trekker with their trek, if the viewer may see it (owner, or anyone the caller allows). */
export async function trekkerCardData(trekkerId: number, viewer: RegistrationViewer | "system"): Promise<TrekkerCardData | null> {
  if (!Number.isSafeInteger(trekkerId)) return null;
  const t = await Trekker.findByPk(trekkerId);
  if (!t) return null;
  const r = await Registration.findByPk(t.registrationId);
  if (!r) return null;
  if (viewer !== "system" && !canOpenRegistration(viewer, r)) return null;
  return {
    trekkerId: t.id,
    registrationId: r.id,
    registeredBy: r.userId,
    registeredByType: r.userType,
    cardNumber: t.cardNumber ?? null,
    status: t.status,
    issuedAt: t.cardNumber ? t.updatedAt : null,
    fullName: t.fullName,
    photoKey: t.photoKey,
    trekkerType: t.trekkerType,
    nationality: t.nationality,
    gender: t.gender,
    dob: t.dob,
    email: t.email,
    passportNumber: t.passportNumber,
    visaNumber: t.visaNumber ?? null,
    city: t.city,
    routeName: r.routeName,
    entryDate: r.entryDate,
    exitDate: r.exitDate,
    entryPoint: r.entryPoint,
    exitPoint: r.exitPoint,
    nepalContactPerson: t.nepalContactPerson ?? null,
    nepalOrganization: t.nepalOrganization ?? null,
    nepalMobile: t.nepalMobile ?? null,
    nepalAddress: t.nepalAddress ?? null,
    homeContactPerson: t.homeContactPerson ?? null,
    homeCity: t.homeCity ?? null,
    homeMobile: t.homeMobile ?? null,
    homeAddress: t.homeAddress ?? null,
    insuranceCompany: t.insuranceCompany ?? null,
    policyNumber: t.policyNumber ?? null,
    policyType: t.policyType,
    guideName: t.guideName ?? null,
    guideLicense: t.guideLicense ?? null,
    guideContact: t.guideContact ?? null,
    amountPaisa: t.amountPaisa ?? null,
  };
}

/** Trekkers with cards registered by one user (TIMS Cards list, FIT user detail). */
export async function cardRowsOfUser(userId: number, page: { offset: number; limit: number; route?: string }) {
  const regs = await Registration.findAll({ where: { userId }, attributes: ["id", "routeName", "entryDate", "exitDate", "createdAt"], order: [["id", "DESC"]] });
  const wanted = page.route ? regs.filter((r) => r.routeName.toLowerCase().includes(page.route!.toLowerCase())) : regs;
  const byId = new Map(wanted.map((r) => [r.id, r]));
  if (!byId.size) return { rows: [], total: 0 };
  const { rows, count } = await Trekker.findAndCountAll({
    where: { registrationId: [...byId.keys()] },
    order: [["registrationId", "DESC"], ["id", "ASC"]],
    offset: page.offset,
    limit: page.limit,
  });
  return {
    total: count,
    rows: rows.map((t) => {
      const r = byId.get(t.registrationId)!;
      return { trekkerId: t.id, registrationId: r.id, fullName: t.fullName, cardNumber: t.cardNumber ?? null, routeName: r.routeName, registeredAt: r.createdAt, entryDate: r.entryDate, exitDate: r.exitDate, status: t.status };
    }),
  };
}
