import { config } from "./config.server";

/** Base URL for links in e-mails: APP_URL in production, else the origin the user is on. */
export function publicOrigin(request: Request): string {
  if (process.env.APP_URL) return config.appUrl;
  return new URL(request.url).origin;
}
