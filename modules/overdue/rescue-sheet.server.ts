import { escapeHtml } from "@lib/html";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { displayDate, displayDateTime, kathmanduDate } from "@lib/dates";
import { notFoundError } from "@lib/errors";
import { getPdfRenderer } from "../../jobs/pdf-renderer.server";
import { EMERGENCY_CONTACTS, buildCardView, photoDataUrl, trekkerCardData } from "@modules/cards/index.server";
import { checkinsOf } from "@modules/checkins/index.server";
import { findRoutePoints } from "@modules/trek-routes/index.server";
import { billingContacts } from "@modules/users/index.server";
import { expectedPosition, type CaseViewer } from "./cases";
import { caseDetail } from "./cases.server";
import { RescueSheet, type RescueSheetView } from "./components/rescue-sheet";

/**
 * The rescue sheet (issue 29 item 2): everything a rescue coordinator needs of one overdue
 * trekker on one page, read from the registration, the card, the trail and the case. Whoever
 * may see the case and open the trekker's card sees it (caseDetail's and trekkerCardData's row
 * rules); the same view renders the page and, through the shared PDF renderer, the PDF.
 */
export async function rescueSheet(viewer: CaseViewer, trekkerId: number, today = kathmanduDate()): Promise<RescueSheetView> {
  const detail = await caseDetail(viewer, trekkerId, today);
  const data = await trekkerCardData(trekkerId, viewer);
  if (!data) throw notFoundError();
  const [card, scans, route, owners] = await Promise.all([
    photoDataUrl(data.photoKey).then((photo) => buildCardView(data, photo)),
    checkinsOf(trekkerId),
    findRoutePoints(data.routeId),
    billingContacts([data.registeredBy]),
  ]);
  const owner = owners.get(data.registeredBy);
  const position = expectedPosition(
    { points: route?.points ?? [], entryPoint: data.entryPoint, exitPoint: data.exitPoint, entryDate: data.entryDate, exitDate: data.exitDate },
    today,
  );
  return {
    today: displayDate(today),
    case: detail.row,
    photoSrc: card.photoSrc,
    fullName: data.fullName,
    nationality: card.nationality,
    passportNumber: data.passportNumber,
    cardNumber: data.cardNumber,
    cardStatus: data.status,
    routeName: data.routeName,
    entryPoint: data.entryPoint,
    exitPoint: data.exitPoint,
    entryDate: displayDate(data.entryDate),
    exitDate: displayDate(data.exitDate),
    routePoints: route?.points ?? [],
    scans: scans.map((s) => ({
      id: s.id,
      at: displayDateTime(s.at),
      place: s.place,
      kind: s.refusedReason ? `Refused: ${s.refusedReason}` : s.direction === "out" ? "Check-out" : "Check-in",
      offRoute: s.offRoute,
      refused: s.refusedReason !== null,
    })),
    expected: position.text,
    guide: { name: data.guideName, licence: data.guideLicense, phone: data.guideContact },
    agency: owner ? { name: owner.name, email: owner.email, phone: owner.contactNo || null, address: owner.address || null } : null,
    insurance: { company: data.insuranceCompany, policyNumber: data.policyNumber, policyType: data.policyType || null },
    nepalContact: joinOrNull([data.nepalContactPerson, data.nepalOrganization, data.nepalMobile, data.nepalAddress]),
    homeContact: joinOrNull([data.homeContactPerson, data.homeCity, data.homeMobile, data.homeAddress]),
    emergency: EMERGENCY_CONTACTS.map((c) => ({ ...c })),
    timeline: detail.timeline,
  };
}

function joinOrNull(parts: (string | null)[]): string | null {
  const text = parts.filter((p) => p && p.trim()).join(", ");
  return text || null;
}

export function rescueSheetHtml(sheet: RescueSheetView): string {
  const body = renderToStaticMarkup(createElement(RescueSheet, { sheet }));
  return (
    "<!DOCTYPE html>" +
    '<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<title>${escapeHtml(`Rescue sheet: ${sheet.fullName}`)}</title>` +
    "<style>@page{size:A4;margin:12mm}html,body{margin:0;padding:0;background:#fff;font-family:sans-serif;font-size:11px}" +
    "body{-webkit-print-color-adjust:exact;print-color-adjust:exact}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:3px;text-align:left;vertical-align:top}" +
    "h1{font-size:18px;margin:0 0 6px}h2{font-size:13px;margin:10px 0 4px}img{max-width:110px}</style>" +
    `</head><body>${body}</body></html>`
  );
}

/** The sheet as an A4 PDF, rendered on request (a case changes by the hour; nothing is stored). */
export async function rescueSheetPdf(viewer: CaseViewer, trekkerId: number): Promise<{ bytes: Uint8Array; fileName: string }> {
  const sheet = await rescueSheet(viewer, trekkerId);
  const bytes = await getPdfRenderer().render(rescueSheetHtml(sheet), { format: "A4", landscape: false }, { discardPage: true });
  return { bytes, fileName: `rescue-sheet-${sheet.cardNumber ?? trekkerId}.pdf` };
}
