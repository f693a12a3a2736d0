import { DEV } from "esm-env";
import type { AgentCapabilities } from "@ag-ui/core";
import { describeValue } from "../describe-value.js";
import { warnToConsole, type WarningHandler } from "../errors.js";
import { readCapabilities } from "../protocol/capability-shapes.js";

/** How a capabilities question is asked: where oddities go, and when to give up. */
export interface CapabilityQuery {
  /** A malformed or unreachable document is reported here (default `console.warn`). */
  readonly onWarning?: WarningHandler;
  readonly signal?: AbortSignal;
}

/**
 * What an agent declared, judged: the document, or `undefined` (unknown) with a
 * `CAPABILITIES_MALFORMED` warning naming the field that is wrong. `undefined` in stays unknown.
 */
export function checkedCapabilities(value: unknown, from: string, onWarning: WarningHandler = warnToConsole): AgentCapabilities | undefined {
  if (value === undefined) return undefined;
  const reading = readCapabilities(value);
  if (reading.ok) return reading.capabilities;
  onWarning({ code: "CAPABILITIES_MALFORMED", message: DEV ? `The capabilities from ${from} were ignored: ${reading.problem}.` : "", event: value });
  return undefined;
}

/** A server that answers these does not offer discovery: unknown, and nothing to warn about. */
const NOT_OFFERED = new Set([404, 405, 501]);

/**
 * GETs a capabilities document (5 s at most). Fails softly: a server without discovery (404, 405,
 * 501) leaves them unknown; a failed request or another status warns `CAPABILITIES_UNAVAILABLE`,
 * a body that is not a capabilities document warns `CAPABILITIES_MALFORMED`; all resolve `undefined`.
 */
export async function fetchCapabilities(
  url: string,
  request: { readonly headers: Headers; readonly credentials?: RequestCredentials; readonly fetch: typeof fetch },
  query: CapabilityQuery = {},
): Promise<AgentCapabilities | undefined> {
  const onWarning = query.onWarning ?? warnToConsole;
  const timeout = AbortSignal.timeout(5_000);
  const signal = query.signal === undefined ? timeout : AbortSignal.any([query.signal, timeout]);
  const unavailable = (why: string): undefined => {
    if (query.signal?.aborted !== true) onWarning({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The capabilities at ${url} could not be read: ${why}; they stay unknown.` : "" });
    return undefined;
  };
  let response: Response;
  try {
    request.headers.set("Accept", "application/json");
    response = await request.fetch(url, { headers: request.headers, credentials: request.credentials, signal });
  } catch (cause) {
    return unavailable(DEV ? describeValue(cause) : "");
  }
  if (NOT_OFFERED.has(response.status)) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return unavailable(DEV ? `HTTP ${response.status}` : "");
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    if (signal.aborted) return unavailable(DEV ? describeValue(cause) : "");
    onWarning({ code: "CAPABILITIES_MALFORMED", message: DEV ? `The capabilities at ${url} were ignored: the body is not JSON (${describeValue(cause)}).` : "" });
    return undefined;
  }
  return checkedCapabilities(body, url, onWarning);
}
