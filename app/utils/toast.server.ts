import crypto from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import type { ToastMessage, ToastType } from "@lib/ui/toasts";
import { appSecret } from "@lib/secret.server";

/**
 * Toasts travel in their own flash cookie so they survive redirects, including the redirect
 * that destroys the session at sign-out or expiry.
 */
let storage: ReturnType<typeof createCookieSessionStorage<{ toasts: ToastMessage[] }>> | null = null;
function toastStorage() {
  storage ??= createCookieSessionStorage<{ toasts: ToastMessage[] }>({
    cookie: { name: "__tims_toast", httpOnly: true, sameSite: "lax", path: "/", secrets: [appSecret()] },
  });
  return storage;
}

export interface ToastInput {
  type?: ToastType;
  message: string | string[];
}

export async function toastCookie(request: Request | null, toast: ToastInput): Promise<string> {
  const session = await toastStorage().getSession(request?.headers.get("Cookie"));
  const list = (session.get("toasts") as ToastMessage[] | undefined) ?? [];
  list.push({
    id: crypto.randomUUID(),
    type: toast.type ?? "success",
    messages: Array.isArray(toast.message) ? toast.message : [toast.message],
  });
  session.flash("toasts", list);
  return toastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}, request: Request | null = null) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(request, toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears pending toasts; the caller sends the returned cookie header. */
export async function readToasts(request: Request): Promise<{ toasts: ToastMessage[]; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__tims_toast")) return { toasts: [], setCookie: null };
  const session = await toastStorage().getSession(cookie);
  const toasts = (session.get("toasts") as ToastMessage[] | undefined) ?? [];
  return { toasts, setCookie: await toastStorage().commitSession(session) };
}
