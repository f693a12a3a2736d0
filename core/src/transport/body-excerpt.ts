import { EXCERPT_LENGTH, excerpt } from "./excerpt.js";

/** Bytes read, at most, from an error response: enough for the excerpt, bounded for a huge body. */
const MAX_BYTES = 16 * 1024;

/**
 * The start of a response body as an excerpt for an error message. Reads only what it needs and
 * cancels the rest; a body that fails mid-read gives what arrived. Never throws.
 */
export async function readBodyExcerpt(response: Response): Promise<string> {
  const body = response.body;
  if (body === null) return "";
  const reader = body.getReader();
  const text = new TextDecoder("utf-8");
  let collected = "";
  let bytes = 0;
  try {
    while (bytes < MAX_BYTES && collected.length <= EXCERPT_LENGTH) {
      const chunk = await reader.read();
      if (chunk.done) return excerpt(collected + text.decode());
      bytes += chunk.value.length;
      collected += text.decode(chunk.value, { stream: true });
    }
  } catch {
    // The body broke while we read it: the status is the news, the excerpt is a bonus.
  }
  reader.cancel().catch(() => undefined);
  return excerpt(collected, EXCERPT_LENGTH, false);
}
