import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { readForm } from "@lib/multipart.server";
import { throttleAddress } from "@lib/client-address.server";
import { DomainError } from "@lib/errors";
import { AuthCard } from "@modules/users/index.ui";
import { parseWithZod } from "@lib/zod-form.server";
import { CHECKIN_MESSAGES } from "@modules/checkins";
import { displayDateTime } from "@lib/dates";
import { selfCheckSchema, selfCheckin, selfCheckinCard, selfCheckinSchema } from "@modules/checkins/index.server";
import { useT } from "@lib/i18n/context";
import { requestLanguage, requestMessages } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { title: "Self Check-in", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

/** Step 2 is its own URL (after a redirect), so a reload never records twice. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  // A repeat of a check-in already recorded here: when it was (Nepal time), said on the Thank You step.
  const at = new Date(url.searchParams.get("already") ?? "");
  const already = Number.isFinite(at.getTime()) ? displayDateTime(at, await requestLanguage(request)) : null;
  return { done: done === "in" || done === "out" ? done : null, already, clientId: crypto.randomUUID() };
}

interface Step1 {
  cardno: string;
  passport: string;
  isCheckOut: boolean;
  fullName: string;
  routeName: string;
  places: string[];
}

type Answer = { step: 0 | 1; error: string | null; fields: Record<string, string>; card: Step1 | null };

const reply = (body: Partial<Answer>, status = 200) => data<Answer>({ step: 0, error: null, fields: {}, card: null, ...body }, { status });

/**
 * Self check-in (spec 1 §2.8, spec 2 §2): step 0 checks the card and passport pair; step 1 takes
 * the place and records it. Each step is a plain form; the pair travels to step 1 in hidden
 * fields and is checked again there. Both steps count against the self check-in limits.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  // The refusals are the modules' English texts, said in the page's words here, on the server, so
  // the page's script does not carry the message matcher (lib/i18n/messages.ts).
  const say = await requestMessages(request);
  const address = throttleAddress(context);
  const step = form.get("intent") === "checkin" ? 1 : 0;
  const fields = {
    cardno: String(form.get("cardno") ?? ""),
    passport: String(form.get("passport") ?? ""),
    isCheckOut: form.get("isCheckOut") ? "on" : "",
    place: String(form.get("place") ?? ""),
  };
  const submission = parseWithZod(form, { schema: step === 1 ? selfCheckinSchema : selfCheckSchema });
  if (submission.status !== "success") {
    const first =
      Object.values(submission.error ?? {})
        .flat()
        .find(Boolean) ?? CHECKIN_MESSAGES.wrongPair;
    return reply({ step: 0, error: say(first), fields }, 400);
  }
  const v = submission.value;
  try {
    const card = await selfCheckinCard(v.cardno, v.passport, { ip: address });
    if (step === 0) {
      return reply({
        step: 1,
        fields,
        card: {
          cardno: String(v.cardno),
          passport: v.passport,
          isCheckOut: v.isCheckOut,
          fullName: card.fullName,
          routeName: card.routeName,
          places: card.places.map((p) => p.name),
        },
      });
    }
    const extra = selfCheckinSchema
      .pick({ place: true, clientId: true })
      .parse({ place: form.get("place") ?? "", clientId: form.get("clientId") ?? undefined });
    const result = await selfCheckin(
      { cardNumber: v.cardno, passport: v.passport, isCheckOut: v.isCheckOut, place: extra.place, clientId: extra.clientId ?? null },
      { ip: address },
    );
    if (result.outcome === "refused") return reply({ step: 0, error: say(result.message), fields }, 409);
    const repeat = result.outcome === "repeat" ? `&already=${encodeURIComponent(result.at.toISOString())}` : "";
    return redirect(`/location?done=${v.isCheckOut ? "out" : "in"}${repeat}`);
  } catch (error) {
    if (error instanceof DomainError) return reply({ step: 0, error: say(error.message), fields }, error.status);
    throw error;
  }
}

const inputClass = "mt-1 w-full rounded border border-slate-300 px-3 py-2 text-sm";

function LoginFooter() {
  const { t } = useT();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className="text-blue-700 hover:underline">
        {t("Login")}
      </Link>
    </p>
  );
}

export default function Location() {
  const { done, already, clientId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useT();

  if (done && !answer) {
    return (
      <AuthCard
        title="Thank You !"
        subtitle={
          // The checkins module's texts (CHECKIN_MESSAGES), in the page's words; AuthCard translates a plain subtitle.
          already
            ? t("You were already recorded here at {{at}} (Nepal time); nothing new was recorded.", { at: already })
            : done === "out"
              ? CHECKIN_MESSAGES.selfOutDone
              : CHECKIN_MESSAGES.selfDone
        }
      >
        <p className="mb-4 text-center text-sm font-medium text-green-800" data-testid="self-checkin-done">
          {t(CHECKIN_MESSAGES.autoCheckedIn)}
        </p>
        <Link to="/login" className="block w-full rounded-md bg-blue-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-blue-800">
          {t("Login")}
        </Link>
      </AuthCard>
    );
  }

  if (answer?.step === 1 && answer.card) {
    const card = answer.card;
    return (
      <AuthCard title="Hello" subtitle="Please enter your current Location. This will help us to track.">
        <p className="mb-4 text-center text-sm text-slate-700">
          {card.fullName} · {card.routeName}
          {card.isCheckOut ? ` · ${t("checking out")}` : ""}
        </p>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="checkin" />
          <input type="hidden" name="cardno" value={card.cardno} />
          <input type="hidden" name="passport" value={card.passport} />
          <input type="hidden" name="clientId" value={clientId} />
          {card.isCheckOut ? <input type="hidden" name="isCheckOut" value="on" /> : null}
          <div>
            <label htmlFor="place" className="block text-sm font-medium text-slate-700">
              {t("Place")}
            </label>
            <input
              id="place"
              name="place"
              list="route-places"
              required
              maxLength={150}
              autoComplete="off"
              className={inputClass}
              aria-describedby="place-hint"
            />
            <datalist id="route-places">
              {card.places.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
            <p id="place-hint" className="mt-1 text-xs text-slate-600">
              {card.places.length
                ? t("A checkpoint of your route ({{places}}) or the name of where you are.", { places: card.places.join(", ") })
                : t("The name of where you are.")}
            </p>
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {t("Self Checkin")}
          </Button>
        </Form>
        <LoginFooter />
      </AuthCard>
    );
  }

  const fields = answer?.fields ?? {};
  return (
    <AuthCard title="Self Check-in" subtitle="Check in on your trek with your TIMS card and passport.">
      {answer?.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="self-checkin-error">
          {answer.error}
        </p>
      ) : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="check" />
        <div>
          <label htmlFor="cardno" className="block text-sm font-medium text-slate-700">
            {t("TIMS Card No.")}
          </label>
          <input
            id="cardno"
            name="cardno"
            inputMode="numeric"
            pattern="[0-9]*"
            required
            defaultValue={fields.cardno}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="passport" className="block text-sm font-medium text-slate-700">
            {t("Passport No.")}
          </label>
          <input id="passport" name="passport" required maxLength={30} defaultValue={fields.passport} autoComplete="off" className={inputClass} />
        </div>
        <div className="flex items-center gap-2">
          <input id="isCheckOut" name="isCheckOut" type="checkbox" defaultChecked={fields.isCheckOut === "on"} className="h-4 w-4" />
          <label htmlFor="isCheckOut" className="text-sm text-slate-700">
            {t("Is Check Out")}
          </label>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {t("Check")}
        </Button>
      </Form>
      <LoginFooter />
    </AuthCard>
  );
}
