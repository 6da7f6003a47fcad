import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";
import { richText } from "@lib/i18n/rich";
import { EmailButton, EmailLayout, mailText, styles } from "./email-layout";

/**
 * The e-mails a trek's follower gets (issue 29 item 3): the private link when named, and word when
 * the trekker checks out or when the board escalates an overdue trekker to a rescue. They name the
 * trekker (the follower was given the e-mail by them) but carry nothing else of the record: the
 * link's page shows the route, the dates and the checkpoints passed.
 */
export type FollowerEmailKind = "invite" | "checked-out" | "escalated";

export interface FollowerEmailProps {
  kind: FollowerEmailKind;
  trekkerName: string;
  routeName: string;
  /** The follower's private page (/follow/<token>). */
  link: string;
  /** Where and when (checked-out). */
  place?: string;
  day?: string;
}

export function followerEmailSubject(kind: FollowerEmailKind, trekkerName: string, t?: Translator): string {
  if (kind === "invite") return mailText(t, "Follow {{trekkerName}}'s trek in Nepal", { trekkerName });
  if (kind === "checked-out") return mailText(t, "{{trekkerName}} has checked out of the trail", { trekkerName });
  return mailText(t, "{{trekkerName}}: a search has been started", { trekkerName });
}

export function FollowerEmail({ kind, trekkerName, routeName, link, place, day }: FollowerEmailProps) {
  const translator = useT();
  const { t } = translator;
  const route = <strong>{routeName}</strong>;
  return (
    <EmailLayout>
      <p style={styles.paragraph}>{t("Hello,")}</p>
      {kind === "invite" ? (
        <p style={styles.paragraph}>
          {richText(
            translator,
            "{{trekkerName}} registered a trek on {{routeName}} with the Nepal Tourism Board and named you as someone who may follow it. The link below shows the trek's route, its dates and the checkpoints passed so far. Please keep it private: anyone with the link can open it.",
            { trekkerName, routeName: route },
          )}
        </p>
      ) : kind === "checked-out" ? (
        <p style={styles.paragraph}>
          {richText(translator, "{{trekkerName}} has checked out of the trail ({{routeName}}) at {{place}} on {{day}}.", {
            trekkerName,
            routeName,
            place: <strong>{place}</strong>,
            day: day ?? "",
          })}
        </p>
      ) : (
        <p style={styles.paragraph}>
          {richText(
            translator,
            "{{trekkerName}} has not come back from the trek on {{routeName}} when expected, and the Nepal Tourism Board has started a search and rescue. If you have heard from {{trekkerName}}, please contact the Nepal Tourism Board at once.",
            { trekkerName, routeName: route },
          )}
        </p>
      )}
      <EmailButton href={link}>{t("Follow the trek")}</EmailButton>
      <p style={styles.muted}>{t("You get this e-mail because the trekker named you as a follower. The trekker can stop this at any time.")}</p>
    </EmailLayout>
  );
}
