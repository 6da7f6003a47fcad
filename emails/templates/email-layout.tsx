import type { CSSProperties, ReactNode } from "react";
import { useT } from "@lib/i18n/context";
import { DEFAULT_LANGUAGE, type PageLanguage } from "@lib/i18n/languages";
import { ENGLISH, formatNumber, type Params, type Translator } from "@lib/i18n/translate";

/**
 * Every e-mail is written in its reader's language (docs/decisions.md, "E-mails and PDFs in the
 * reader's language"): renderEmail provides the translator (mailTranslator), the templates read it
 * with useT(), and a subject is said by mailText. The keys are the English texts (ADR 0047), so
 * English, the default, stays as it was.
 */
export function mailText(translator: Translator = ENGLISH, key: string, params?: Params): string {
  return translator.t(key, params);
}

/** A count in the reader's digits; English keeps the bare number it always had (no thousands comma). */
export function mailCount(lng: PageLanguage, value: number): string {
  return lng === DEFAULT_LANGUAGE ? String(value) : formatNumber(lng, value);
}

/** Shared pieces so every template looks alike; inline styles because clients drop <style>. */
export const styles = {
  paragraph: { margin: "0 0 16px", fontSize: "15px", lineHeight: "22px", color: "#1f2937" },
  muted: { margin: "0 0 16px", fontSize: "13px", lineHeight: "20px", color: "#6b7280" },
  link: { color: "#1d4ed8", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 24px" }}>
      <tbody>
        <tr>
          <td style={{ borderRadius: "6px", backgroundColor: "#1d4ed8" }}>
            <a
              href={href}
              style={{
                display: "inline-block",
                padding: "12px 24px",
                fontSize: "15px",
                fontWeight: 600,
                color: "#ffffff",
                textDecoration: "none",
                borderRadius: "6px",
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function EmailLayout({ children }: { children: ReactNode }) {
  const { t } = useT();
  const font = "Arial, Helvetica, sans-serif";
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: "#f3f4f6", fontFamily: font }}>
      <tbody>
        <tr>
          <td align="center" style={{ padding: "24px 12px" }}>
            <table
              role="presentation"
              width="100%"
              cellPadding={0}
              cellSpacing={0}
              style={{ maxWidth: "600px", backgroundColor: "#ffffff", borderRadius: "8px" }}
            >
              <tbody>
                <tr>
                  <td
                    style={{
                      padding: "20px 32px",
                      backgroundColor: "#1e3a8a",
                      borderRadius: "8px 8px 0 0",
                      color: "#ffffff",
                      fontSize: "18px",
                      fontWeight: 700,
                    }}
                  >
                    {t("TIMS — Nepal Tourism Board")}
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: "32px" }}>{children}</td>
                </tr>
                <tr>
                  <td style={{ padding: "16px 32px", borderTop: "1px solid #e5e7eb", color: "#6b7280", fontSize: "12px" }}>
                    {t("This is an automated message from the TIMS system.")}
                  </td>
                </tr>
              </tbody>
            </table>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * The e-mails whose point is one link (verify, reset, change address): greeting, why, the button,
 * the link written out for clients that drop buttons, then the notes (expiry, "ignore if not you").
 */
export function LinkEmail({ fullName, intro, button, link, notes }: { fullName: string; intro: ReactNode; button: string; link: string; notes: string[] }) {
  const { t } = useT();
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Dear {{name}},", { name: fullName })}</p>
      <p style={styles.paragraph}>{intro}</p>
      <EmailButton href={link}>{button}</EmailButton>
      <p style={styles.muted}>
        {t("If the button does not work, open this link in your browser:")}
        <br />
        <a href={link} style={styles.link}>
          {link}
        </a>
      </p>
      {notes.map((note) => (
        <p key={note} style={styles.muted}>
          {note}
        </p>
      ))}
    </EmailLayout>
  );
}
