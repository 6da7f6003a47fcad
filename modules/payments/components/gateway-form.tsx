import { useEffect, useRef } from "react";

/**
 * The signed form the provider expects. With JS it submits itself at once (spec 1 §2.7); without
 * JS the payer presses Continue.
 */
export function GatewayForm({ action, method, fields, provider }: { action: string; method: "GET" | "POST"; fields: Record<string, string>; provider: string }) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.submit();
  }, []);
  return (
    <form ref={ref} action={action} method={method} className="rounded-lg border border-blue-200 bg-blue-50 p-4" data-testid="gateway-form">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-blue-900">Taking you to {provider} to pay…</p>
      <button type="submit" className="mt-3 rounded bg-blue-700 px-4 py-2 text-white">
        Continue
      </button>
    </form>
  );
}
