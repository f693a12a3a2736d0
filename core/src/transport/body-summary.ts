import { DEV } from "esm-env";

/**
 * What an error response said, in a few words, for the message of the error a chat shows.
 *
 * An app renders `error.message` in an alert; a raw 404 page or a framework's JSON stack trace
 * there is noise. So the message carries a summary and the error keeps the body's start
 * (`bodyExcerpt`) for whoever debugs it. The summary reads, in order: the JSON error shapes agent
 * servers and frameworks answer with (Threadline's handler `{ error: { code, message } }`, h3's
 * `{ statusMessage, message }`, FastAPI's `{ detail }`, `{ error: "…" }`), an HTML page's title or
 * first heading, else the body's first line. Works on a cut body (the excerpt stops at 200
 * characters): a JSON body that no longer parses falls back to its first line.
 */
export function summarizeBody(excerpt: string): string {
  // Only development messages carry it; a production build folds the rest (and its words) away.
  if (!DEV) return "";
  const text = excerpt.trim();
  if (text === "") return "no body";
  if (text.startsWith("{")) {
    const said = jsonSaid(text);
    if (said !== undefined) return short(said);
  }
  if (text.startsWith("<")) {
    const heading = /<title[^>]*>([^<]*)/i.exec(text)?.[1] ?? /<h1[^>]*>([^<]*)/i.exec(text)?.[1];
    const words = heading === undefined ? "" : plain(heading);
    return words === "" ? "an HTML page" : `an HTML page ("${short(words)}")`;
  }
  // The excerpt shows line breaks as `\n`: the first line is what comes before one.
  return short(text.split(/\\r|\\n/, 1)[0]!);
}

const MAX_SUMMARY = 120;

function short(text: string): string {
  const one = plain(text);
  return one.length > MAX_SUMMARY ? `${one.slice(0, MAX_SUMMARY - 1)}…` : one;
}

function plain(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The words of a JSON error body, or undefined when it does not parse or names nothing. */
function jsonSaid(text: string): string | undefined {
  let body: unknown;
  try {
    // The excerpt shows a pretty-printed body's line breaks as `\n`; between tokens they are space.
    body = JSON.parse(text.replace(/\\[nrt]/g, " "));
  } catch {
    return cutJsonSaid(text);
  }
  if (typeof body !== "object" || body === null) return undefined;
  return recordSaid(body as Record<string, unknown>);
}

/** A JSON body cut short (a long stack trace after the message): its string fields, read one by one. */
function cutJsonSaid(text: string): string | undefined {
  const fields: Record<string, unknown> = {};
  for (const [, name, value] of text.matchAll(/"(code|statusMessage|message|detail|error)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
    if (fields[name!] !== undefined) continue;
    try {
      fields[name!] = JSON.parse(`"${value!}"`);
    } catch {
      fields[name!] = value;
    }
  }
  return recordSaid(fields);
}

function recordSaid(record: Record<string, unknown>): string | undefined {
  const error = record.error;
  if (typeof error === "object" && error !== null) {
    const inner = error as Record<string, unknown>;
    return joined(inner.code, inner.message);
  }
  if (typeof error === "string") return joined(record.code, error);
  const detail = record.detail;
  if (typeof detail === "string") return detail;
  return joined(record.code ?? record.statusMessage, record.message);
}

function joined(code: unknown, message: unknown): string | undefined {
  const c = typeof code === "string" && code !== "" ? code : undefined;
  const m = typeof message === "string" && message !== "" ? message : undefined;
  if (c !== undefined && m !== undefined && c !== m) return `${c}: ${m}`;
  return m ?? c;
}
