import fs from "node:fs/promises";
import path from "node:path";
import { qrDataUrl } from "@lib/qr-code.server";
import { config } from "@lib/config.server";
import { displayDate } from "@lib/dates";
import { listCountries, listLookup } from "@modules/lookups/index.server";
import { formatNrs } from "@modules/registration";
import type { TrekkerCardData } from "./card-data.server";
import { signCardQr, signQrPayload } from "./qr-signing.server";
import type { CardView } from "./components/printable-card";

const TYPE_NAMES: Record<number, string> = { 3: "Normal", 4: "Diplomat", 5: "Child" };

/** The photo inlined as a data URL, so a PDF renders without fetching anything. */
export async function photoDataUrl(photoKey: string): Promise<string | null> {
  try {
    const bytes = await fs.readFile(path.join(config.filesDir, photoKey));
    return `data:image/jpeg;base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}

/**
 * The QR's text: a numbered card carries its claims, signed (card-qr.ts), so a checkpost can read
 * it offline; a card without a number yet keeps the first format (ids and a signature).
 */
export function cardQrText(
  d: Pick<TrekkerCardData, "trekkerId" | "registrationId" | "cardNumber" | "fullName" | "routeName" | "entryDate" | "exitDate">,
  nationality: string,
): string {
  if (!d.cardNumber) return signQrPayload({ trekkerId: d.trekkerId, registrationId: d.registrationId });
  return signCardQr({ cardNumber: d.cardNumber, fullName: d.fullName, nationality, route: d.routeName, validFrom: d.entryDate, validTo: d.exitDate });
}

/** Everything the printable card shows, including the signed QR code as an image. */
export async function buildCardView(d: TrekkerCardData, photoSrc: string | null): Promise<CardView> {
  const [countries, genders] = await Promise.all([listCountries(), listLookup("genders")]);
  const nationality = countries.find((c) => c.id === d.nationality)?.name ?? "";
  const qrText = cardQrText(d, nationality);
  return {
    cardNumber: d.cardNumber,
    issueDate: d.issuedAt ? displayDate(d.issuedAt) : "",
    fullName: d.fullName,
    photoSrc,
    nationality,
    gender: genders.find((g) => g.id === d.gender)?.name ?? "",
    trekkerType: TYPE_NAMES[d.trekkerType] ?? "",
    dob: displayDate(d.dob),
    passportNumber: d.passportNumber,
    visaNumber: d.visaNumber,
    routeName: d.routeName,
    entryDate: displayDate(d.entryDate),
    exitDate: displayDate(d.exitDate),
    entryPoint: d.entryPoint,
    exitPoint: d.exitPoint,
    nepalContact: [d.nepalContactPerson, d.nepalOrganization, d.nepalMobile, d.nepalAddress].filter(Boolean).join(", "),
    homeContact: [d.homeContactPerson, d.homeCity, d.homeMobile, d.homeAddress].filter(Boolean).join(", "),
    priceText: d.amountPaisa === null ? "" : formatNrs(d.amountPaisa),
    status: d.status,
    cancelled: d.status === "Cancelled",
    qrDataUrl: await qrDataUrl(qrText, { width: 220 }),
  };
}
