import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/utils/guards.server";
import { formatNrs } from "@modules/registration/fees";
import { WizardSteps } from "@modules/registration/components/wizard-steps";
import { canPay } from "@modules/registration/policy";
import { getRegistration } from "@modules/registration/service.server";

export const handle = { title: "Register Trek" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "registerTrek");
  const registration = await getRegistration(Number(params.regId), user);
  if (!registration || registration.userId !== user.id) throw new Response("Not Found", { status: 404 });
  return { registration, payable: canPay(user, registration) };
}

export default function Payment() {
  const { registration, payable } = useLoaderData<typeof loader>();
  return (
    <>
      <WizardSteps current={2} />
      <section className="space-y-4 rounded-lg bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-800">Payment</h2>
        <p className="text-lg">
          Total: <strong data-testid="total">{formatNrs(registration.totalPaisa)}</strong>{" "}
          <span className="text-sm text-slate-500">(including VAT) for {registration.trekkers.length} trekker(s)</span>
        </p>
        {payable ? null : <p className="text-slate-600">This registration is {registration.status}; there is nothing to pay.</p>}
        <p className="text-sm text-slate-500">Please wait 10-15 minutes between payments.</p>
        <Link to={`/new-register/${registration.id}`} className="text-sm text-blue-700 underline">
          Back to the review
        </Link>
      </section>
    </>
  );
}
