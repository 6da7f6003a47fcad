import { config } from "@lib/config.server";

/**
 * Base URL of every link we hand out: e-mailed links and payment gateways' return URLs. Only the
 * configured origin (APP_URL, or the embedded server's own HOST and PORT), never the request's
 * Host header, which any client can set (`curl -H 'Host: evil.example'`).
 */
export function publicOrigin(): string {
  return config.appUrl;
}
