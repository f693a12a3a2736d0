import { AgentHandlerError } from "./errors.js";

/**
 * Refuses a browser request from another site. Browsers send `Origin` on every cross-site request
 * and on same-site POST and DELETE; a request without one (a same-site GET, a server, curl) passes,
 * since no browser can make it on another site's behalf. Same-site means the Origin's host is the
 * request's host (the port too; the scheme is not compared, since a TLS-terminating proxy hands
 * the app plain http); `allowed` lists other origins that may call (`https://app.example.com`), or
 * is `"*"`: any page may call (a server whose owners come from bearer tokens, which another site's
 * page cannot send, or a local development server).
 */
export function checkOrigin(request: Request, url: URL, allowed: ReadonlySet<string> | "*"): void {
  const origin = request.headers.get("origin");
  if (origin === null || allowed === "*" || allowed.has(origin)) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    host = "";
  }
  const own = request.headers.get("x-forwarded-host") ?? url.host;
  if (host !== "" && host === own) return;
  throw new AgentHandlerError("ORIGIN_NOT_ALLOWED", `Requests from '${origin.slice(0, 100)}' are not allowed here (see the handler's origins option).`);
}
