import { escapeHtml } from "@lib/html";
import { I18nProvider } from "@lib/i18n/context";
import { serverTranslator } from "@lib/i18n/i18n.server";
import { DEFAULT_LANGUAGE, htmlLang, type PageLanguage } from "@lib/i18n/languages";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { displayDate, displayDateTime, kathmanduDate } from "@lib/dates";
import { notFoundError } from "@lib/errors";
import { getPdfRenderer } from "../../jobs/pdf-renderer.server";
import { EMERGENCY_CONTACTS, buildCardView, photoDataUrl, trekkerCardData } from "@modules/cards/index.server";
import { checkinsOf } from "@modules/checkins/index.server";
import { findRoutePoints } from "@modules/trek-routes/index.server";
import { billingContacts } from "@modules/users/index.server";
import { expectedPosition, type CaseViewer, type ExpectedPosition } from "./cases";
import { caseDetail } from "./cases.server";
import { RescueSheet, type RescueSheetView } from "./components/rescue-sheet";

/**
 * The rescue sheet (issue 29 item 2): everything a rescue coordinator needs of one overdue
 * trekker on one page, read from the registration, the card, the trail and the case. Whoever
 * may see the case and open the trekker's card sees it (caseDetail's and trekkerCardData's row
 * rules); the same view renders the page and, through the shared PDF renderer, the PDF.
 */
export async function rescueSheet(
  viewer: CaseViewer,
  trekkerId: number,
  today = kathmanduDate(),
  lng: PageLanguage = DEFAULT_LANGUAGE,
): Promise<RescueSheetView> {
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
    today: displayDate(today, lng),
    ownerId: data.registeredBy,
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
    entryDate: displayDate(data.entryDate, lng),
    exitDate: displayDate(data.exitDate, lng),
    routePoints: route?.points ?? [],
    scans: scans.map((s) => ({
      id: s.id,
      at: displayDateTime(s.at, lng),
      place: s.place,
      kind: s.refusedReason ? `Refused: ${s.refusedReason}` : s.direction === "out" ? "Check-out" : "Check-in",
      offRoute: s.offRoute,
      refused: s.refusedReason !== null,
      reason: s.refusedReason,
    })),
    expected: position.text,
    expectedSay: positionSay(position, data.entryDate, data.exitDate, lng),
    guide: { name: data.guideName, licence: data.guideLicense, phone: data.guideContact },
    agency: owner ? { name: owner.name, email: owner.email, phone: owner.contactNo || null, address: owner.address || null } : null,
    insurance: { company: data.insuranceCompany, policyNumber: data.policyNumber, policyType: data.policyType || null },
    nepalContact: joinOrNull([data.nepalContactPerson, data.nepalOrganization, data.nepalMobile, data.nepalAddress]),
    homeContact: joinOrNull([data.homeContactPerson, data.homeCity, data.homeMobile, data.homeAddress]),
    emergency: EMERGENCY_CONTACTS.map((c) => ({ ...c })),
    timeline: detail.timeline,
  };
}

/** The expected position's words as a text of the page's language (expectedPosition's English, with its values). */
function positionSay(position: ExpectedPosition, entryDate: string, exitDate: string, lng: PageLanguage): RescueSheetView["expectedSay"] {
  // English keeps the ISO dates expectedPosition writes; Nepali its own calendar's (docs/decisions.md).
  const date = (iso: string) => (lng === "ne" ? displayDate(iso, lng) : iso);
  if (position.day === 0) return { key: "Not started: enters at {{place}} on {{date}}.", values: { place: position.place, date: date(entryDate) } };
  if (position.text.startsWith("Should have left"))
    return { key: "Should have left the trail at {{place}} by {{date}}.", values: { place: position.place, date: date(exitDate) } };
  return { key: "Day {{day}} of {{days}}: at or near {{place}}.", values: { day: position.day, days: position.days, place: position.place } };
}

function joinOrNull(parts: (string | null)[]): string | null {
  const text = parts.filter((p) => p && p.trim()).join(", ");
  return text || null;
}

/** The sheet as a standalone HTML document in the reader's language (the PDF's source). */
export function rescueSheetHtml(sheet: RescueSheetView, lng: PageLanguage = DEFAULT_LANGUAGE): string {
  const translator = serverTranslator(lng);
  const body = renderToStaticMarkup(createElement(I18nProvider, { value: translator }, createElement(RescueSheet, { sheet })));
  return (
    "<!DOCTYPE html>" +
    `<html lang="${htmlLang(lng)}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<title>${escapeHtml(translator.t("Rescue sheet: {{name}}", { name: sheet.fullName }))}</title>` +
    "<style>@page{size:A4;margin:12mm}html,body{margin:0;padding:0;background:#fff;font-family:sans-serif;font-size:11px}" +
    "body{-webkit-print-color-adjust:exact;print-color-adjust:exact}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:3px;text-align:left;vertical-align:top}" +
    "h1{font-size:18px;margin:0 0 6px}h2{font-size:13px;margin:10px 0 4px}img{max-width:110px}</style>" +
    `</head><body>${body}</body></html>`
  );
}

/** The sheet as an A4 PDF, rendered on request (a case changes by the hour; nothing is stored). */
export async function rescueSheetPdf(
  viewer: CaseViewer,
  trekkerId: number,
  lng: PageLanguage = DEFAULT_LANGUAGE,
): Promise<{ bytes: Uint8Array; fileName: string; ownerId: number }> {
  const sheet = await rescueSheet(viewer, trekkerId, kathmanduDate(), lng);
  const bytes = await getPdfRenderer().render(rescueSheetHtml(sheet, lng), { format: "A4", landscape: false });
  return { bytes, fileName: `rescue-sheet-${sheet.cardNumber ?? trekkerId}.pdf`, ownerId: sheet.ownerId };
}
