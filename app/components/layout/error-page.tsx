import { Link } from "@remix-run/react";

/** The texts of spec 1 §8 and the not-found placeholder, one per status. */
export const ERROR_TEXTS: Record<number, { title: string; message: string }> = {
  403: { title: "Unauthorized", message: "You do not have permission to view this page." },
  404: { title: "Page Not Found", message: "The page you are looking for does not exist or has been moved." },
  500: { title: "Something went wrong", message: "Something went wrong, Please try again later" },
};

export function ErrorPage({ status }: { status: number }) {
  const text = ERROR_TEXTS[status] ?? ERROR_TEXTS[500];
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center" data-testid={`error-${status}`}>
      <p className="text-6xl font-bold text-blue-700">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-800">{text.title}</h1>
      <p className="mt-2 text-slate-600">{text.message}</p>
      <Link to="/" className="mt-6 rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800">
        Go to Home
      </Link>
    </div>
  );
}
