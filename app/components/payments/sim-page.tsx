import { buttonClass } from "@lib/ui/button";
import type { SimView } from "@modules/payments";

/**
 * The page every simulated provider shows: what is being paid and one button per outcome. A plain
 * HTML form (no client JS): the decision endpoint answers like the provider would (a redirect back
 * to the merchant, or the card gateway's auto-posting result page).
 */
export function SimulatorPage({ view, action }: { view: SimView; action: string }) {
  return (
    <div className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-10">
      <section className="w-full max-w-md rounded-lg bg-white p-6 shadow" aria-labelledby="sim-title">
        <p className="text-xs font-semibold uppercase tracking-widest text-amber-700">Test gateway · no real money</p>
        <h1 id="sim-title" className="mt-1 text-2xl font-bold text-slate-800">
          {view.title}
        </h1>
        <p className="mt-4 text-3xl font-semibold text-slate-900" data-testid="sim-amount">
          {view.amountText}
        </p>
        <dl className="mt-4 divide-y divide-slate-100 text-sm">
          {view.rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-1.5">
              <dt className="text-slate-500">{label}</dt>
              <dd className="break-all text-right font-medium text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
        {view.done ? (
          <p role="status" className="mt-6 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            {view.done}
          </p>
        ) : (
          <form method="post" action={action} className="mt-6 space-y-4">
            <div className="flex flex-wrap gap-2">
              {view.choices.map((choice) => (
                <button key={choice.value} type="submit" name="decision" value={choice.value} className={buttonClass(choice.tone)}>
                  {choice.label}
                </button>
              ))}
            </div>
            <details className="text-sm text-slate-600">
              <summary className="cursor-pointer">Test options</summary>
              <label className="mt-2 flex items-center gap-2">
                Status lookups answering “pending” before a delayed payment completes
                <input
                  type="number"
                  name="pendingLookups"
                  min={0}
                  max={1000}
                  defaultValue={view.pendingLookups}
                  className="w-16 rounded border border-slate-300 px-2 py-1"
                />
              </label>
            </details>
          </form>
        )}
        {view.note ? <p className="mt-4 text-xs text-slate-500">{view.note}</p> : null}
      </section>
    </div>
  );
}
