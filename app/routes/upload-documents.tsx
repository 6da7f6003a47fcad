import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";

export const handle = { title: "Upload Documents", chrome: false };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "uploadDocuments");
  return null;
}

// The five-document upload (issue 4) replaces this page.
export default function UploadDocuments() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-800">Upload Documents</h1>
      <p className="mt-2 text-slate-600">Verification of your documents may take up to 24 hours.</p>
    </div>
  );
}
