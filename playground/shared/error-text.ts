// The run error banner's words: what happened, in a sentence, with the technical detail kept for
// whoever wants it (a <details> below). An HTTP error's JSON body gives its message, not a dump.
import type { ThreadlineError } from "@threadline/core";

export interface ErrorText {
  readonly title: string;
  readonly text: string;
  /** The error as the library reported it (code and message), for the details. */
  readonly detail: string;
}

/** The `message` a JSON error body carries (`{ error: { message } }`, `{ message }`, `{ error: "…" }`). */
function bodyMessage(excerpt: string): string | undefined {
  try {
    const body = JSON.parse(excerpt) as { error?: unknown; message?: unknown };
    if (typeof body.message === "string") return body.message;
    if (typeof body.error === "string") return body.error;
    const nested = body.error as { message?: unknown } | undefined;
    return typeof nested?.message === "string" ? nested.message : undefined;
  } catch {
    return undefined;
  }
}

export function errorText(error: ThreadlineError): ErrorText {
  const detail = `${error.code}: ${error.message}`;
  const http = error as ThreadlineError & { status?: unknown; bodyExcerpt?: unknown };
  if (error.code === "HTTP_STATUS" && typeof http.status === "number") {
    const said = typeof http.bodyExcerpt === "string" ? bodyMessage(http.bodyExcerpt) : undefined;
    return {
      title: `${http.status >= 500 ? "The agent's server had a problem" : "The agent's server refused the request"} (HTTP ${http.status})`,
      text: said ?? "It sent no explanation.",
      detail,
    };
  }
  if (error.code === "REQUEST_FAILED") return { title: "Could not reach the agent", text: "Check that its server is running and reachable.", detail };
  return { title: "The run failed", text: error.message, detail };
}
