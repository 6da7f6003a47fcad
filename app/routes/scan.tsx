import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Suspense, lazy, useCallback, useRef, useState } from "react";
import { PageHeader } from "@lib/ui/page-header";
import { useHydrated } from "@lib/ui/use-hydrated";
import { Button } from "@lib/ui/button";
import { readMultipart } from "@lib/multipart.server";
import { sniffKind, isImageKind } from "@lib/files/sniff";
import { decodeQrFromImage } from "@lib/files/qr-decode.server";
import { clientAddress } from "@lib/client-address.server";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageTexts, requestMessages } from "~/utils/language.server";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";
import { parseWithZod } from "@lib/zod-form.server";
import { CHECKIN_MESSAGES, SCAN_MANIFEST_PATH } from "@modules/checkins";

import { CameraScanner, decodePhoto } from "~/components/checkins/camera-scanner";
import { OFFLINE_STARTING, OfflineFrame, loadOfflineScan, type OfflineHandler } from "@modules/checkins/index.ui";
import { CheckinInputError, TooManyWrongPassportsError, checkpostPlaceName, scanCard, scanSchema, type ScanInput } from "@modules/checkins/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Scan" };

// The page installs as the checkpost's app; its offline part loads only after hydration.
export const links: LinksFunction = () => [{ rel: "manifest", href: SCAN_MANIFEST_PATH }];
const OfflineScan = lazy(loadOfflineScan);

/** A phone photo of a printed card; larger files are refused before they are read whole. */
const PHOTO_MAX_BYTES = 12 * 1024 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "scan");
  // A fresh id per page: the same form sent twice records once.
  // The user's id keeps the scans kept offline on this device with the account that made them.
  return { place: await checkpostPlaceName(user.id), clientId: crypto.randomUUID(), scannerId: user.id, texts: await pageTexts(request, ["staff"]) };
}

type Refused = { name: string; reason: string; wrote: boolean };
/** A card for another trekking area: what the warning says, and the scan to send again with the decision. */
type OffRoute = { name: string; message: string; resend: Record<string, string>; clientId: string };
type ScanAnswer = { error: string | null; refused: Refused | null; offRoute: OffRoute | null };

const answer = (body: Partial<ScanAnswer>, status: number, headers?: HeadersInit) =>
  data<ScanAnswer>({ error: null, refused: null, offRoute: null, ...body }, { status, headers });

/** The scan as the warning's form sends it again: the card is identified afresh (nothing hidden is trusted). */
function resendFields(input: ScanInput): Record<string, string> {
  if (input.method === "typed") return { intent: "typed", cardNumber: String(input.cardNumber ?? ""), passport: input.passport ?? "" };
  return { intent: "qr", qr: input.qr ?? "", method: input.method };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, "scan");
  const form = await readMultipart(request, PHOTO_MAX_BYTES);
  // The module's English messages, said in the page's language here: the page's script needs no matcher.
  const say = await requestMessages(request);
  const submission = parseWithZod(form, { schema: scanSchema });
  if (submission.status !== "success") {
    const issues = Object.values(submission.error ?? {}).flat();
    return answer({ error: say(issues.find(Boolean) ?? CHECKIN_MESSAGES.invalidQr) }, 400);
  }
  const value = submission.value;
  let input: ScanInput;
  if (value.intent === "photo") {
    // Without JavaScript the photo itself comes here and is read on the server.
    const file = form.get("photo");
    const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    const kind = bytes ? sniffKind(bytes) : null;
    if (!bytes || !kind || !isImageKind(kind)) return answer({ error: say("Please choose a jpg or png photo of the card's QR code.") }, 400);
    const text = await decodeQrFromImage(bytes);
    if (!text) return answer({ error: say(`${CHECKIN_MESSAGES.invalidQr}: no QR code could be read in the photo.`) }, 400);
    input = { method: "photo", qr: text, clientId: value.clientId };
  } else if (value.intent === "qr") {
    input = { method: value.method, qr: value.qr, clientId: value.clientId, offRoute: value.offRoute };
  } else {
    input = { method: "typed", cardNumber: value.cardNumber, passport: value.passport, clientId: value.clientId, offRoute: value.offRoute };
  }
  try {
    const result = await scanCard(user, input, { ip: clientAddress(context) });
    if (result.outcome === "refused") return answer({ refused: { name: result.fullName, reason: say(result.message), wrote: result.wrote } }, 409);
    if (result.outcome === "off-route")
      return answer({ offRoute: { name: result.fullName, message: say(result.message), resend: resendFields(input), clientId: crypto.randomUUID() } }, 409);
    return redirectWithToast(`/scanned-trekker/${result.registrationId}/${result.trekkerId}`, {
      type: result.outcome === "recorded" ? (result.offRoute ? "info" : "success") : "info",
      message: say(result.outcome === "recorded" && !result.offRoute ? CHECKIN_MESSAGES.scanned : result.message),
    });
  } catch (error) {
    if (error instanceof CheckinInputError) return answer({ error: say(error.message) }, 400);
    if (error instanceof TooManyWrongPassportsError) return answer({ error: say(error.message) }, 429, { "Retry-After": String(error.retryAfterSeconds) });
    throw error;
  }
}

const newId = () => (typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * Scan (spec 2 §2): the camera, a photo of the code, or the card number with the passport. A
 * good card opens the scanned trekker; anything else stays here and says why, in red.
 */
export default function Scan() {
  const { place, clientId, scannerId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const [reading, setReading] = useState(false);
  const [typedOffline, setTypedOffline] = useState(false);
  const hydrated = useHydrated();
  const translator = useT();
  const { t } = translator;

  const offline = useRef<OfflineHandler | null>(null);
  const setOffline = useCallback((handler: OfflineHandler | null) => (offline.current = handler), []);
  // Without a connection the card is checked here and its check-in kept until the connection is back.
  const offlineNow = () => (offline.current && !navigator.onLine ? offline.current : null);

  const sendText = (text: string, method: "qr" | "photo") => {
    const handler = offlineNow();
    if (handler) handler(text, method);
    else submit({ intent: "qr", qr: text, method, clientId: newId() }, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <section className="mx-auto max-w-2xl space-y-5">
      <PageHeader title="Scan Trekker QR Code" />
      {place ? (
        <p className="text-sm text-slate-700">{richText(translator, "Checking in at {{place}}", { place: <strong>{place}</strong> })}</p>
      ) : (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t(CHECKIN_MESSAGES.noCheckpoint)}
        </p>
      )}
      {result?.error ? (
        <p role="alert" data-testid="scan-error" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {result.error}
        </p>
      ) : null}
      {result?.offRoute ? <OffRouteWarning warning={result.offRoute} busy={busy} /> : null}
      {result?.refused ? (
        <div role="alert" data-testid="scan-refused" className="rounded-md border-2 border-red-500 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t("{{name}}: not checked in", { name: result.refused.name })}</p>
          <p className="mt-1 text-sm">{result.refused.reason}</p>
          <p className="mt-1 text-sm">
            {result.refused.wrote ? t("Kept in Scanned Trekkers as a refused scan.") : t("Already kept in Scanned Trekkers as a refused scan.")}
          </p>
        </div>
      ) : null}

      {/* The camera's button and the offline part's box are in the server HTML, the button
          disabled until hydration: drawn only after it, they pushed the forms down (CLS 0.11,
          issue 26 item 9). Without JavaScript (scripting: none) neither shows; the note does. */}
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <h2 className="mb-3 font-semibold text-slate-800">{t("Camera")}</h2>
        <div className="noscript:hidden">
          <CameraScanner disabled={!hydrated || busy || !place} onText={(text) => sendText(text, "qr")} />
        </div>
        <p className="hidden text-sm text-slate-600 noscript:block">
          {t("The camera needs JavaScript. Use a photo of the code or type the card number below.")}
        </p>
      </div>

      {hydrated ? (
        <Suspense fallback={<OfflineFrame {...OFFLINE_STARTING} />}>
          <OfflineScan onReady={setOffline} enabled={Boolean(place)} scannerId={scannerId} />
        </Suspense>
      ) : (
        <OfflineFrame {...OFFLINE_STARTING} className="noscript:hidden" />
      )}

      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm"
        onSubmit={async (event) => {
          // Offline the chosen photo is read and checked here; the post would go nowhere.
          const handler = offlineNow();
          if (!handler) return;
          event.preventDefault();
          const file = new FormData(event.currentTarget).get("photo");
          handler(file instanceof File && file.size > 0 ? await decodePhoto(file).catch(() => null) : null, "photo");
        }}
      >
        <h2 className="font-semibold text-slate-800">{t("Photo of the QR code")}</h2>
        <input type="hidden" name="intent" value="photo" />
        <input type="hidden" name="clientId" value={clientId} />
        <label htmlFor="scan-photo" className="block text-sm font-medium text-slate-700">
          {t("Choose or take a photo")}
        </label>
        <input
          id="scan-photo"
          name="photo"
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          required
          className="block w-full text-sm"
          onChange={async (event) => {
            // With JavaScript the code is read here and only its text is sent; if it cannot be read, the photo goes to the server.
            const file = event.currentTarget.files?.[0];
            const form = event.currentTarget.form;
            if (!file || !form) return;
            setReading(true);
            const text = await decodePhoto(file).catch(() => null);
            setReading(false);
            if (text) sendText(text, "photo");
            else if (offlineNow()) offlineNow()?.(null, "photo");
            else submit(form);
          }}
        />
        {reading ? (
          <p className="text-sm text-slate-600" role="status">
            {t("Reading the code…")}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" disabled={busy || !place}>
          {t("Check photo")}
        </Button>
      </Form>

      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm"
        onSubmit={(event) => {
          // The passport is checked against the server's record: without a connection it cannot be.
          setTypedOffline(Boolean(offlineNow()));
          if (offlineNow()) event.preventDefault();
        }}
      >
        <h2 className="font-semibold text-slate-800">{t("Card number and passport")}</h2>
        {typedOffline ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t("Checking a typed card number needs a connection. Scan or photograph the card's QR code instead.")}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="typed" />
        <input type="hidden" name="clientId" value={clientId} />
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="scan-card" className="block text-sm font-medium text-slate-700">
              {t("Card Number")}
            </label>
            <input
              id="scan-card"
              name="cardNumber"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              autoComplete="off"
              className="mt-1 w-full rounded border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <div>
            <label htmlFor="scan-passport" className="block text-sm font-medium text-slate-700">
              {t("Passport Number")}
            </label>
            <input id="scan-passport" name="passport" required autoComplete="off" className="mt-1 w-full rounded border border-slate-300 px-3 py-2 text-sm" />
          </div>
        </div>
        <Button type="submit" disabled={busy || !place}>
          {t("Check card")}
        </Button>
      </Form>
    </section>
  );
}

/** A good card for another trekking area: nothing is recorded until the checkpost records or refuses it. */
function OffRouteWarning({ warning, busy }: { warning: OffRoute; busy: boolean }) {
  const { t } = useT();
  return (
    <div role="alert" data-testid="scan-off-route" className="rounded-md border-2 border-amber-500 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{t("{{name}}: card for another trekking area", { name: warning.name })}</p>
      <p className="mt-1 text-sm">{warning.message}</p>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap gap-2">
        {Object.entries(warning.resend).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="clientId" value={warning.clientId} />
        <Button type="submit" name="offRoute" value="record" disabled={busy}>
          {t("Record off-route check-in")}
        </Button>
        <Button type="submit" name="offRoute" value="refuse" variant="secondary" disabled={busy}>
          {t("Refuse card")}
        </Button>
      </Form>
    </div>
  );
}
