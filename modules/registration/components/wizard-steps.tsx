import { useT } from "@lib/i18n/context";

const STEPS = ["User information", "Review", "Payment"] as const;

/** The wizard's three steps (spec 1 §2.7); the current one is marked for screen readers too. */
export function WizardSteps({ current }: { current: 0 | 1 | 2 }) {
  const { t } = useT();
  return (
    <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label={t("Registration steps")}>
      {STEPS.map((label, i) => (
        <li
          key={label}
          aria-current={i === current ? "step" : undefined}
          className={`flex items-center gap-2 rounded-full px-3 py-1 ${i === current ? "bg-blue-700 text-white" : i < current ? "bg-blue-100 text-blue-800" : "bg-slate-100 text-slate-600"}`}
        >
          <span className="font-semibold">{i + 1}</span> {t(label)}
        </li>
      ))}
    </ol>
  );
}
