import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithToast } from "~/utils/toast.server";
import { confirmEmail } from "@modules/users/index.server";

// public: the link from the verification e-mail; the signed token is the credential.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Mail clients sometimes turn '+' into a space; the spec restores them (spec 1 §2.8).
  const token = (url.searchParams.get("token") ?? "").replace(/ /g, "+");
  const userId = url.searchParams.get("verify") ?? "";
  const result = token && userId ? await confirmEmail(token, userId) : "invalid";
  if (result === "verified") return redirectWithToast("/login", { type: "success", message: "Email Verified successfully" });
  const message =
    result === "expired" ? "This verification link has expired. Sign in to get a new one." : "This verification link is not valid. Sign in to get a new one.";
  return redirectWithToast("/login", { type: "danger", message });
}
