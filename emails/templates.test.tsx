import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { serverTranslator } from "@lib/i18n/i18n.server";
import type { Language } from "@lib/i18n/languages";
import { renderEmail } from "./render.server";
import { AgencyDecisionEmail, agencyDecisionSubject } from "./templates/agency-decision";
import { CardIssuedEmail, cardIssuedSubject } from "./templates/card-issued";
import { ChangeEmail, changeEmailSubject } from "./templates/change-email";
import { ReceiptEmail, receiptSubject } from "./templates/receipt";
import { RefundDueEmail, RefundedEmail, refundDueSubject, refundedSubject } from "./templates/refund-notice";
import { RegistrationAttempt, registrationAttemptSubject } from "./templates/registration-attempt";
import { ResetPassword, resetPasswordSubject } from "./templates/reset-password";
import { FollowerEmail, followerEmailSubject } from "./templates/trek-follower";
import { OverdueDigestEmail, overdueDigestSubject } from "./templates/trekker-overdue";
import { VerifyEmail, verifyEmailSubject } from "./templates/verify-email";
import { VoucherDecisionEmail, voucherDecisionSubject } from "./templates/voucher-decision";

const link = "https://tims.test/x?token=a&b=1";
const facts = {
  name: "Zoë O'Brien",
  amount: "NRs. 2,000",
  payment: "your Khalti payment",
  receivedOn: "2026/11/20",
  registrationId: 42,
  routeName: "Annapurna Circuit",
  why: "The registration had already been paid.",
  link,
};
const trekkers = [
  { fullName: "Pemba Sherpa", cardNumber: 1234567, routeName: "Everest Base Camp", why: "due out 2026/11/20", link },
  { fullName: "José Ñúñez", cardNumber: null, routeName: "Langtang", why: "no check-out", link },
];

/** The reader's translator; none is English, the default. */
const tr = (lng?: Language) => (lng ? serverTranslator(lng) : undefined);

/** Each e-mail: its name, its subject in a language, and the element renderEmail writes. */
const cases: [string, (lng?: Language) => string, ReactElement][] = [
  ["verify-email", (lng) => verifyEmailSubject(tr(lng)), createElement(VerifyEmail, { fullName: "Pemba Sherpa", link })],
  ["reset-password", (lng) => resetPasswordSubject(tr(lng)), createElement(ResetPassword, { fullName: "Pemba Sherpa", link })],
  ["change-email", (lng) => changeEmailSubject(tr(lng)), createElement(ChangeEmail, { fullName: "Pemba Sherpa", link, newEmail: "new@tims.test" })],
  [
    "registration-attempt",
    (lng) => registrationAttemptSubject(tr(lng)),
    createElement(RegistrationAttempt, { fullName: "Pemba Sherpa", loginLink: link, resetLink: link }),
  ],
  [
    "card-issued",
    (lng) => cardIssuedSubject(1234567, tr(lng)),
    createElement(CardIssuedEmail, { name: "Zoë", cardNumber: 1234567, routeName: "Annapurna Circuit", entryDate: "2026/11/20", exitDate: "2026/12/01" }),
  ],
  ["receipt", (lng) => receiptSubject("INV-0001", tr(lng)), createElement(ReceiptEmail, { name: "Zoë", invoiceNumber: "INV-0001", amount: "NRs. 12,34,000" })],
  ["refund-due", (lng) => refundDueSubject("NRs. 2,000", tr(lng)), createElement(RefundDueEmail, facts)],
  ["refund-due-no-route", (lng) => refundDueSubject("NRs. 2,000", tr(lng)), createElement(RefundDueEmail, { ...facts, routeName: "" })],
  ["refunded", (lng) => refundedSubject("NRs. 2,000", tr(lng)), createElement(RefundedEmail, { ...facts, reference: "R-9", refundedOn: "2026/11/25" })],
  [
    "follower-invite",
    (lng) => followerEmailSubject("invite", "Zoë O'Brien", tr(lng)),
    createElement(FollowerEmail, { kind: "invite", trekkerName: "Zoë O'Brien", routeName: "Langtang", link }),
  ],
  [
    "follower-checked-out",
    (lng) => followerEmailSubject("checked-out", "Zoë", tr(lng)),
    createElement(FollowerEmail, { kind: "checked-out", trekkerName: "Zoë", routeName: "Langtang", link, place: "Dhunche", day: "2026/11/28" }),
  ],
  [
    "follower-escalated",
    (lng) => followerEmailSubject("escalated", "Zoë", tr(lng)),
    createElement(FollowerEmail, { kind: "escalated", trekkerName: "Zoë", routeName: "Langtang", link }),
  ],
  [
    "overdue-board",
    (lng) => overdueDigestSubject(1234, "2026/11/28", tr(lng)),
    createElement(OverdueDigestEmail, { name: "Board", day: "2026/11/28", total: 1234, trekkers, link: `${link}/overdue`, reader: "board" }),
  ],
  [
    "overdue-one-owner",
    (lng) => overdueDigestSubject(1, "2026/11/28", tr(lng)),
    createElement(OverdueDigestEmail, {
      name: "Zoë",
      day: "2026/11/28",
      total: 1,
      trekkers: trekkers.slice(0, 1),
      link: "https://tims.test/tims-cards",
      reader: "owner",
    }),
  ],
  [
    "overdue-agency",
    (lng) => overdueDigestSubject(2, "2026/11/28", tr(lng)),
    createElement(OverdueDigestEmail, { name: "Agency", day: "2026/11/28", total: 2, trekkers, link, reader: "agency" }),
  ],
  [
    "overdue-taan",
    (lng) => overdueDigestSubject(2, "2026/11/28", tr(lng)),
    createElement(OverdueDigestEmail, { name: "TAAN", day: "2026/11/28", total: 2, trekkers, link, reader: "taan" }),
  ],
  [
    "agency-approved",
    (lng) => agencyDecisionSubject(true, tr(lng)),
    createElement(AgencyDecisionEmail, { name: "Treks & Co", approved: true, remarks: "", link }),
  ],
  [
    "agency-rejected",
    (lng) => agencyDecisionSubject(false, tr(lng)),
    createElement(AgencyDecisionEmail, { name: "Treks & Co", approved: false, remarks: "Blurred <scan>", link }),
  ],
  ["voucher-approved", (lng) => voucherDecisionSubject(true, tr(lng)), createElement(VoucherDecisionEmail, { name: "Zoë", approved: true, remarks: "", link })],
  [
    "voucher-rejected",
    (lng) => voucherDecisionSubject(false, tr(lng)),
    createElement(VoucherDecisionEmail, { name: "Zoë", approved: false, remarks: "Unreadable", link }),
  ],
  [
    "voucher-already-paid",
    (lng) => voucherDecisionSubject(false, tr(lng)),
    createElement(VoucherDecisionEmail, {
      name: "Zoë",
      approved: false,
      remarks: "",
      link,
      alreadyPaid: { registrationId: 42, voucher: "V-000012", invoiceNumber: "INV-7", method: "Khalti", paidOn: "2026/11/20" },
    }),
  ],
];

describe("e-mails in English", () => {
  it.each(cases)("%s is as before the translation", (_, subject, element) => {
    expect({ subject: subject(), ...renderEmail(element) }).toMatchSnapshot();
  });
});

/** A line of the English text that is a sentence (three words or more once links are left out). */
const sentences = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/https?:\/\/\S+/g, "").trim())
    .filter((line) => line.split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word)).length >= 3);

// Nepali for every e-mail, and each of the other languages in turn, so all nine are rendered.
const OTHERS: Language[] = ["zh", "hi", "fr", "de", "es", "ko", "ja"];

describe("e-mails in the reader's language", () => {
  it.each(
    cases.flatMap(([name, subject, element], i) => [["ne", name, subject, element] as const, [OTHERS[i % OTHERS.length], name, subject, element] as const]),
  )("%s: %s has its subject and every sentence translated, its values filled in", (lng, _, subject, element) => {
    const english = renderEmail(element);
    const mail = renderEmail(element, serverTranslator(lng));
    expect(subject(lng)).not.toBe(subject());
    expect(subject(lng)).not.toContain("{{");
    expect(mail.html).toContain(`<html lang="${lng}">`);
    expect(mail.text).not.toContain("{{");
    const left = sentences(english.text).filter((line) => mail.text.includes(line));
    expect(left, `English left in the ${lng} e-mail`).toEqual([]);
    // The link and the reader's name are carried over as they are.
    const link = /https?:\/\/\S+/.exec(english.text)?.[0];
    if (link) expect(mail.text).toContain(link);
  });

  it("writes Nepali with the values in place, numbers in Nepali digits and identifiers as printed", () => {
    const [, subject, element] = cases.find(([name]) => name === "reset-password")!;
    expect(subject("ne")).toBe("आफ्नो TIMS पासवर्ड रिसेट गर्नुहोस्");
    const { text } = renderEmail(element, serverTranslator("ne"));
    expect(text).toContain("आदरणीय Pemba Sherpa,");
    expect(text).toContain("पासवर्ड रिसेट (https://tims.test/x?token=a&b=1)");
    expect(text).toContain("यो लिङ्क १ घण्टामा समाप्त हुन्छ।");
    const [, overdueSubject, overdue] = cases.find(([name]) => name === "overdue-board")!;
    expect(overdueSubject("ne")).toBe("2026/11/28 का समय नाघेका ट्रेकरहरू: १,२३४");
    const digest = renderEmail(overdue, serverTranslator("ne")).text;
    expect(digest).toContain("(TIMS कार्ड 1234567, Everest Base Camp): due out 2026/11/20");
    expect(digest).toContain("(TIMS कार्ड जारी नभएको, Langtang)");
    expect(digest).toContain("र थप १,२३२ जना।");
  });

  it("puts the parts where each language's grammar wants them, with their markup", () => {
    const [, subject, element] = cases.find(([name]) => name === "card-issued")!;
    expect(subject("fr")).toBe("Votre carte TIMS 1234567");
    const { html, text } = renderEmail(element, serverTranslator("fr"));
    expect(text).toContain("Bonjour Zoë,");
    expect(text).toContain("Votre carte TIMS 1234567 pour Annapurna Circuit (du 2026/11/20 au 2026/12/01) est délivrée.");
    expect(html).toContain("Votre carte TIMS <strong>1234567</strong> pour <strong>Annapurna Circuit</strong>");
    const ja = renderEmail(cases.find(([name]) => name === "follower-escalated")![2], serverTranslator("ja")).text;
    expect(ja).toContain("Zoë さんが Langtang のトレッキングから予定どおりに戻らず");
    expect(ja).toContain("Zoë さんから連絡があった場合は");
  });
});
