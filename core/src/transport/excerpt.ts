/** Longest excerpt of untrusted text an error message carries. */
export const EXCERPT_LENGTH = 200;

const CONTROL = /[\u0000-\u001f\u007f]/g;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeControl(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * A short, single-line view of untrusted text for error messages: control characters are made
 * visible (a stray CR or NUL cannot garble a log line) and, when `whole` says the text is all
 * there is, its full length is noted when cut.
 */
export function excerpt(text: string, max: number = EXCERPT_LENGTH, whole = true): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const visible = cut.replace(CONTROL, escapeControl);
  if (text.length <= max) return visible;
  return whole ? `${visible}… (${text.length} chars in all)` : `${visible}…`;
}
