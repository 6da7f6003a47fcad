import { describe, expect, it } from "vitest";
import { waitText } from "@lib/rate-limit.server";
import { serverTranslator } from "./i18n.server";
import { sayMessage } from "./messages.server";

const say = (lng: Parameters<typeof serverTranslator>[0], message: string) => sayMessage(serverTranslator(lng), message);

describe("a module's message read back against the templates (issue 28)", () => {
  it("says the cards module's refusals in Nepali and in each trekkers' language, the verb and status too", () => {
    // As modules/cards/lifecycle.ts writes them.
    const refusal = "A card in status Payment Pending can not be cancelled.";
    expect(say("ne", refusal)).toBe(`${say("ne", "Payment Pending")} स्थितिको कार्ड रद्द गर्न मिल्दैन।`);
    expect(say("fr", "A deleted card can not be deleted.")).toBe("Une carte supprimée ne peut pas être supprimée.");
    expect(say("ja", "A card that has been scanned at a checkpoint can not be returned.")).toBe("チェックポイントでスキャン済みのカードは返却できません。");
    expect(say("en", refusal)).toBe(refusal);
  });

  it("reads a label the module lower-cased by its capitalised key (the overdue case's state)", () => {
    // As modules/overdue/cases.ts writes it.
    const refusal = 'A case that is found safe can not be moved to "Contacting".';
    expect(say("ne", refusal)).toBe('सुरक्षित भेटियो अवस्थाको केसलाई "सम्पर्क गरिँदै" मा सार्न मिल्दैन।');
  });

  it("reads a part that is itself a template (the passport wait) and writes its number as the language does", () => {
    const message = `Too many wrong passport numbers for this card. Scan the card's QR code instead, or check the passport and try again in ${waitText(12 * 60_000)}.`;
    expect(say("ne", message)).toContain("१२ मिनेट पछि");
    expect(say("ne", message.replace("12 minutes", "1 minute"))).toContain("१ मिनेट पछि");
    expect(say("en", message)).toBe(message);
  });

  it("keeps a message no template knows, and a part no key knows, as written", () => {
    expect(say("ne", "Overdue: Anna (card 7)")).toBe("समय नाघेको: Anna (कार्ड 7)");
    expect(say("ne", "nothing here knows this")).toBe("nothing here knows this");
  });
});
