import { Form, Link } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { Button } from "@lib/ui/button";
import { FormErrors, TextField } from "@lib/ui/field";
import { displayDate } from "@lib/dates";
import { richText } from "@lib/i18n/rich";

export interface FollowerBlockProps {
  follower: { email: string; since: string | Date } | null;
  /** `?follower=revoke`: the revocation's confirmation is shown (a page of its own, so it works without JavaScript). */
  confirming: boolean;
  errors?: { followerEmail?: string[]; form?: string[] } | null;
}

/**
 * The card page's family follower (issue 29 item 3): who follows the trek, a form to name or
 * replace them, and Stop sharing behind a confirmation. Plain forms: the page's action decides.
 */
export function FollowerBlock({ follower, confirming, errors }: FollowerBlockProps) {
  const translator = useT();
  const { t, lng } = translator;
  return (
    <section aria-labelledby="follower-title" className="no-print mb-4 rounded-lg bg-white p-4 shadow-sm" data-testid="follower-block">
      <h2 id="follower-title" className="mb-2 font-semibold text-slate-800">
        {t("Family Follower")}
      </h2>
      {follower ? (
        <p className="mb-3 text-sm text-slate-700">
          {richText(translator, "{{email}} follows this trek through a private link (since {{date}}).", {
            email: <strong data-testid="follower-email">{follower.email}</strong>,
            date: displayDate(follower.since, lng),
          })}{" "}
          {confirming ? null : (
            <Link to="?follower=revoke" className="text-blue-700 underline">
              {t("Stop sharing")}
            </Link>
          )}
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-700">
          {t("Nobody follows this trek. Name someone at home to send them a private link to its route, dates and checkpoints.")}
        </p>
      )}
      {follower && confirming ? (
        <div role="group" aria-labelledby="revoke-title" className="mb-3 rounded-md border border-red-200 bg-red-50 p-3">
          <p id="revoke-title" className="mb-2 text-sm text-red-900">
            {t("Stop sharing this trek with {{email}}? Their link stops working at once.", { email: follower.email })}
          </p>
          <Form method="post" className="flex gap-2">
            <input type="hidden" name="intent" value="revoke-follower" />
            <Button type="submit" variant="danger" size="sm">
              {t("Stop sharing")}
            </Button>
            <Link to="." className="rounded-md px-3 py-1.5 text-sm text-slate-700 underline">
              {t("Keep sharing")}
            </Link>
          </Form>
        </div>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="set-follower" />
        <div className="min-w-64 flex-1">
          <TextField label={follower ? "New follower e-mail" : "Follower e-mail"} name="followerEmail" type="email" errors={errors?.followerEmail} />
        </div>
        <Button type="submit" variant="secondary">
          {t(follower ? "Replace follower" : "Save follower")}
        </Button>
      </Form>
      <FormErrors errors={errors?.form} />
    </section>
  );
}
