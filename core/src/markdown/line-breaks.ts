/**
 * The stream's text with markdown-it's own normalization applied as it arrives: CRLF and a lone
 * CR become LF, NUL becomes U+FFFD. markdown-it does the same to whatever it parses, so without
 * it the line index (which counts LFs) and the fence path (which appends raw text) would disagree
 * with the parse: a CR shown inside `<code>`, a lone CR not counted as a line break. A CR that
 * ends a delta is taken as a line break at once; an LF opening the next delta then completes the
 * CRLF and is dropped. Each delta costs its own length.
 */
export class LineBreaks {
  #afterCr = false;

  /** `delta` normalized, given what came before it. */
  next(delta: string): string {
    let text = delta;
    if (this.#afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
    if (text === "") return "";
    this.#afterCr = text.charCodeAt(text.length - 1) === 13;
    return normalize(text);
  }

  /** A new text from its start. */
  reset(text: string): string {
    this.#afterCr = false;
    return this.next(text);
  }
}

const BREAKS = /\r\n?|\0/g;

export function normalize(text: string): string {
  return text.includes("\r") || text.includes("\0") ? text.replace(BREAKS, (match) => (match === "\0" ? "\uFFFD" : "\n")) : text;
}
