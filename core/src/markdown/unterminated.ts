/**
 * Unterminated inline syntax at the end of the paragraph being written, closed or hidden for the
 * drawing — so `**bo` shows as bold `bo`, never as `**bo`.
 *
 * Only the inline content that can still grow is read (the paragraph, heading or table cell the
 * stream is writing), so an `_` left open in an earlier paragraph never closes in this one. The
 * scan follows CommonMark's rules closely enough to find what is open at the end: backslash
 * escapes, code spans (a backtick run closed by a run of the same length), flanking delimiter
 * runs of `*`, `_` and `~~`, brackets and the link destination after them, autolinks, URLs that
 * markdown-it's linkify takes whole, and entity references. What is open is then, from the
 * innermost out:
 *
 * - a code span, emphasis or strikethrough with text after it: closed (`` **`ca `` draws as
 *   `` **`ca`** ``, bold code, as the finished text will);
 * - one with nothing after it yet, a delimiter run at the very end (opener or half a closer), a
 *   lone backslash, a half-written `<autolink` or `&entity`: hidden until the next delta;
 * - a link whose `(destination` or `][label` is still being written, or `[text]` at the end: its
 *   text only; an image in that state: nothing (it shows once its URL is whole);
 * - a bracket never closed: the `[` hidden;
 * - emphasis open when the text ends in a URL that linkify takes (it would take a closing `_` in
 *   too): its opener hidden instead.
 */
export function closeUnterminated(content: string, urlEnd: UrlEnd): string {
  let text = content;
  // Each pass that restarts removes a bracket; the guard bounds a pathological paragraph.
  for (let pass = 0; pass < 64; pass++) {
    const scan = scanInline(text, urlEnd);
    if (typeof scan === "string") {
      text = scan;
      continue;
    }
    return finish(text, scan);
  }
  return text;
}

/**
 * Where the URL that markdown-it's linkify rule takes from `scheme` (the start of `https://…`)
 * ends, or undefined when it takes none. Nothing inside it is a delimiter.
 */
export type UrlEnd = (text: string, scheme: number) => number | undefined;

type Open =
  | { readonly kind: "emphasis"; readonly char: string; length: number; readonly at: number }
  | { readonly kind: "code"; readonly length: number; readonly at: number }
  | { readonly kind: "bracket"; readonly image: boolean; readonly at: number };

interface Scanned {
  readonly stack: Open[];
  /** Where the drawn text ends (what follows is still being written). */
  readonly end: number;
  /** Whether the text ends in a linkified URL, which would take closing delimiters in. */
  readonly inUrl?: boolean;
}

const AUTOLINK = /<[A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\x00-\x20]*>|<[A-Za-z0-9.!#$%&'*+/=?^_\x60{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;
const PARTIAL_AUTOLINK = /<(?:[A-Za-z][A-Za-z0-9.+-]*(?::[^<>\x00-\x20]*)?|[A-Za-z0-9.!#$%&'*+/=?^_\x60{|}~-]+@[A-Za-z0-9.-]*)?$/y;
const PARTIAL_ENTITY = /&(?:#[xX]?[0-9A-Fa-f]{0,7}|[A-Za-z][A-Za-z0-9]{0,31})?$/y;
// Backticks as a char code (and `\x60` in patterns): one in a literal would read as a template
// literal to the production build's check for sentences.
const BACKTICK = 0x60;
const WHITESPACE = /\s/u;
/** Punctuation linkify leaves off a URL's end, which a URL may still go on after (not `*`: markdown-it never takes it). */
const URL_PUNCTUATION = /^[.,;:!?'"]+$/;
/** Percent-escapes ending a URL that may be half a character (or half an escape): its text decodes them once whole. */
const PARTIAL_ESCAPE = /(?:%[89A-Fa-f][0-9A-Fa-f])*(?:%[0-9A-Fa-f]?)?$/;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** What is open where the text ends, or the text again without a link still being written. */
function scanInline(text: string, urlEnd: UrlEnd): Scanned | string {
  const stack: Open[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === "\\") {
      if (i + 1 >= n) return { stack, end: i };
      i += 2;
    } else if (c.charCodeAt(0) === BACKTICK) {
      const run = runOf(text, i);
      const close = codeClose(text, i + run, run);
      // Inside brackets whose `]` has already come after it, an unclosed backtick is text: a
      // closing run would by now have come before the `]` (as in `` [`name`](url) ``), and the
      // finished text shows the link with the backtick as it is (a typo like `` [`name'](url) ``).
      if (close < 0 && lastBracket(stack) >= 0 && bracketCloses(text, i + run)) {
        i += run;
        continue;
      }
      // A run never closed is text in the finished paragraph (CommonMark), and one after which a
      // code span of another length has closed most likely stays unclosed: the finished text
      // shows its backticks and that span as code (`` `` ``, not `/` ``).
      if (close < 0 && closedSpanAfter(text, i + run, run)) {
        i += run;
        continue;
      }
      if (close < 0) {
        stack.push({ kind: "code", length: run, at: i });
        // A shorter run at the very end may be the closing run being written; a backslash may
        // be escaping a table's pipe (`\|`, which a table cell's code shows as `|`).
        let end = n;
        while (end > i + run && text.charCodeAt(end - 1) === BACKTICK) end--;
        if (end === n && text[n - 1] === "\\") end--;
        // A run of another length inside: whether it is this span's text or opens a span of its
        // own (this run then being text) is not known until one of them closes — hidden from it.
        const inner = codeClose(text, i + run, -1);
        if (inner >= 0 && inner < end) end = inner;
        return { stack, end };
      }
      i = close + run;
    } else if (c === ":" && text[i + 1] === "/" && text[i + 2] === "/") {
      const scheme = schemeStart(text, i);
      const end = scheme === undefined ? undefined : urlEnd(text, scheme);
      if (end === undefined || end <= i) i++;
      // Up to the end, or to punctuation at the end that more URL would take in (`?`, `.`).
      else if (end >= n || URL_PUNCTUATION.test(text.slice(end))) return { stack, end: n - (PARTIAL_ESCAPE.exec(text)?.[0].length ?? 0), inUrl: true };
      else i = end;
    } else if (c === "!" && i === n - 1) {
      // May open an image.
      return { stack, end: i };
    } else if (c === "<") {
      if (sticky(AUTOLINK, text, i)) i = AUTOLINK.lastIndex;
      else if (sticky(PARTIAL_AUTOLINK, text, i)) return { stack, end: i };
      else i++;
    } else if (c === "&") {
      if (sticky(PARTIAL_ENTITY, text, i)) return { stack, end: i };
      i++;
    } else if (c === "*" || c === "_" || c === "~") {
      const run = runOf(text, i);
      if (i + run >= n) return { stack, end: i };
      delimiterRun(stack, text, i, run);
      i += run;
    } else if (c === "[" || (c === "!" && text[i + 1] === "[")) {
      stack.push({ kind: "bracket", image: c === "!", at: i });
      i += c === "!" ? 2 : 1;
    } else if (c === "]") {
      const k = lastBracket(stack);
      if (k < 0) {
        i++;
        continue;
      }
      const bracket = stack[k] as Extract<Open, { kind: "bracket" }>;
      // Emphasis opened inside the brackets and not closed there stays literal.
      stack.length = k;
      const after = linkTail(text, i + 1);
      if (after === "open") return text.slice(0, bracket.at) + (bracket.image ? "" : text.slice(bracket.at + 1, i));
      i = after;
    } else {
      i++;
    }
  }
  return { stack, end: n };
}

/** The start of the scheme before `://` at `colon` (at most ten scheme characters, a letter first), as markdown-it finds it. */
function schemeStart(text: string, colon: number): number | undefined {
  let start = colon;
  while (start > colon - 10 && start > 0 && /[A-Za-z0-9+.-]/.test(text[start - 1]!)) start--;
  return start < colon && /[A-Za-z]/.test(text[start]!) ? start : undefined;
}

function sticky(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

function runOf(text: string, at: number): number {
  let end = at + 1;
  while (text[end] === text[at]) end++;
  return end - at;
}

/** Whether a `]` after `from` closes the bracket open there (brackets nested inside it, as in `` [`f(a[, b])` `` , are skipped). */
function bracketCloses(text: string, from: number): boolean {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const c = text[at];
    if (c === "\\") at++;
    else if (c === "[") depth++;
    else if (c === "]" && depth-- === 0) return true;
  }
  return false;
}

/** Whether a code span of backtick runs other than `run` long opens and closes at or after `from`. */
function closedSpanAfter(text: string, from: number, run: number): boolean {
  for (let at = from; at < text.length; at++) {
    if (text.charCodeAt(at) !== BACKTICK) continue;
    const length = runOf(text, at);
    if (length !== run) {
      // A closing run at the very end may be the start of a longer one (the opener's closer being written).
      const close = codeClose(text, at + length, length);
      if (close >= 0 && close + length < text.length) return true;
    }
    at += length - 1;
  }
  return false;
}

/** Where a backtick run of exactly `run` (any run, for -1) starts at or after `from`, or -1. */
function codeClose(text: string, from: number, run: number): number {
  for (let at = from; at < text.length; at++) {
    if (text.charCodeAt(at) !== BACKTICK) continue;
    const length = runOf(text, at);
    if (length === run || run < 0) return at;
    at += length - 1;
  }
  return -1;
}

function lastBracket(stack: readonly Open[]): number {
  for (let k = stack.length - 1; k >= 0; k--) if (stack[k]!.kind === "bracket") return k;
  return -1;
}

/** A run of `*`, `_` or `~` with text after it: closes an open run of its kind, or opens one (CommonMark's flanking rules). */
function delimiterRun(stack: Open[], text: string, at: number, run: number): void {
  const char = text[at]!;
  // markdown-it's strikethrough is `~~`; a single tilde is text.
  if (char === "~" && run < 2) return;
  const before = at === 0 ? " " : text[at - 1]!;
  const after = text[at + run]!;
  const beforeSpace = WHITESPACE.test(before);
  const afterSpace = WHITESPACE.test(after);
  const beforePunct = PUNCTUATION.test(before);
  const afterPunct = PUNCTUATION.test(after);
  const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
  const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
  const opens = char === "_" ? left && (!right || beforePunct) : left;
  const closes = char === "_" ? right && (!left || afterPunct) : right;
  if (closes) {
    for (let k = stack.length - 1; k >= 0; k--) {
      const open = stack[k]!;
      if (open.kind !== "emphasis" || open.char !== char) continue;
      // What opened inside it and is still open stays literal, as markdown-it leaves it.
      stack.length = k + 1;
      if (open.length > run) open.length -= run;
      else stack.length = k;
      return;
    }
  }
  if (opens) stack.push({ kind: "emphasis", char, length: char === "~" ? 2 : run, at });
}

/**
 * After a `]` at `at - 1`: where scanning goes on, or "open" when a link destination or label is
 * still being written there (or the text ends right after the bracket).
 */
function linkTail(text: string, at: number): number | "open" {
  const next = text[at];
  if (next === undefined) return "open";
  if (next === "[") {
    const close = text.indexOf("]", at + 1);
    return close < 0 ? "open" : close + 1;
  }
  if (next !== "(") return at;
  const end = destinationEnd(text, at + 1);
  return end === "invalid" ? at : end === "open" ? "open" : end + 1;
}

/** The `)` ending an inline link's `(destination "title"` from `from`, "open" at the text's end, or "invalid". */
function destinationEnd(text: string, from: number): number | "open" | "invalid" {
  const n = text.length;
  let i = skipSpace(text, from);
  if (i >= n) return "open";
  if (text[i] === "<") {
    for (i++; i < n && text[i] !== ">"; i++) {
      if (text[i] === "\n" || text[i] === "<") return "invalid";
      if (text[i] === "\\") i++;
    }
    if (i >= n) return "open";
    i++;
  } else {
    let depth = 0;
    for (; i < n; i++) {
      const c = text[i]!;
      if (c === "\\") i++;
      else if (c === "(") depth++;
      else if (c === ")") {
        if (depth === 0) break;
        depth--;
      } else if (c <= " ") break;
    }
    if (i >= n) return "open";
  }
  i = skipSpace(text, i);
  if (i >= n) return "open";
  if (text[i] === ")") return i;
  const quote = text[i] === "(" ? ")" : text[i];
  if (quote !== '"' && quote !== "'" && quote !== ")") return "invalid";
  for (i++; i < n && text[i] !== quote; i++) if (text[i] === "\\") i++;
  if (i >= n) return "open";
  i = skipSpace(text, i + 1);
  if (i >= n) return "open";
  return text[i] === ")" ? i : "invalid";
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n")) i++;
  return i;
}

/**
 * The text up to `end`, with what is open there closed or hidden, innermost first. When the text
 * ends in a URL (which would take a closing `_` in), open emphasis loses its opener instead.
 */
function finish(text: string, { stack, end, inUrl }: Scanned): string {
  let cut = end;
  let closers = "";
  const dropped: { at: number; length: number }[] = [];
  for (let k = stack.length - 1; k >= 0; k--) {
    const open = stack[k]!;
    if (open.at >= cut) continue;
    const from = open.at + (open.kind === "bracket" ? (open.image ? 2 : 1) : open.length);
    // Nothing after it yet: hidden, with everything after it.
    if (text.slice(from, cut).trim() === "" || (open.kind === "bracket" && open.image)) {
      cut = open.at;
      continue;
    }
    if (open.kind === "bracket") {
      dropped.push({ at: open.at, length: 1 });
      continue;
    }
    if (inUrl === true && open.kind === "emphasis") dropped.push({ at: open.at, length: open.length });
    // Closed by a run like its opener (`**`, a code span's backticks).
    else closers += text.slice(open.at, open.at + open.length);
  }
  dropped.sort((a, b) => a.at - b.at);
  let body = "";
  let at = 0;
  for (const drop of dropped) {
    if (drop.at >= cut) break;
    body += text.slice(at, drop.at);
    at = drop.at + drop.length;
  }
  body += text.slice(at, cut);
  if (closers === "") return body;
  body = body.trimEnd();
  // Code ending in a backtick: a space keeps the closing run apart (CommonMark strips it again).
  return closers.charCodeAt(0) === BACKTICK && body.charCodeAt(body.length - 1) === BACKTICK ? body + " " + closers : body + closers;
}
