import { DEV } from "esm-env";
import { currentText, type MessageNode } from "../model/index.js";
import { ThreadWindowError } from "./errors.js";

/** One place the query was found: in message `index` (`messageId`), characters `start … end` of its text. */
export interface MessageMatch {
  readonly messageId: string;
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

export interface MessageSearchOptions {
  /** Match letters' case exactly (default false: "lisbon" finds "Lisbon"). */
  readonly caseSensitive?: boolean;
  /** Stop after this many matches (default 1,000): a one-letter query in a long thread matches everywhere. */
  readonly limit?: number;
  /** The first message searched (default 0); with `backwards`, the last. */
  readonly from?: number;
  /** Search from `from` towards the start of the thread, nearest first. */
  readonly backwards?: boolean;
  /**
   * The text searched for each message. Default: the text `StreamingText` shows (the content as a
   * string, content parts' text joined), read without subscribing to anything.
   */
  readonly text?: (message: MessageNode) => string;
}

const DEFAULT_LIMIT = 1000;

/**
 * Finds `query` in the messages' text — all of them, rendered or not, which the browser's
 * find-in-page cannot do for a thread view that draws only the rows on screen. Matches come in
 * thread order (nearest first with `backwards`), each with the message and the characters it
 * covers; hand one to the view's `scrollToMessage(match.messageId)` to show it. An empty query
 * finds nothing. O(total text) for the messages searched, and nothing is kept between calls.
 */
export function searchMessages(messages: readonly MessageNode[], query: string, options: MessageSearchOptions = {}): MessageMatch[] {
  if (!Array.isArray(messages)) throw new ThreadWindowError("THREAD_WINDOW_BAD_MESSAGES", DEV ? "searchMessages() needs an array of messages" : "", messages, "messages");
  if (typeof query !== "string") throw bad("query", query, DEV ? "a string" : "");
  const { caseSensitive = false, limit = DEFAULT_LIMIT, backwards = false, text = currentText } = options;
  const from = options.from ?? (backwards ? messages.length - 1 : 0);
  if (!(Number.isInteger(limit) && limit >= 0)) throw bad("limit", limit, DEV ? "a whole number ≥ 0" : "");
  if (!Number.isInteger(from)) throw bad("from", from, DEV ? "a message index" : "");
  if (typeof text !== "function") throw bad("text", text, DEV ? "a function" : "");
  const matches: MessageMatch[] = [];
  if (query === "" || limit === 0) return matches;
  // A regular expression of the escaped query: case-insensitive matching without lower-casing a
  // copy of every message (which would also move offsets where a letter's lower case is longer).
  const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), caseSensitive ? "g" : "gi");
  const step = backwards ? -1 : 1;
  for (let index = Math.max(0, Math.min(from, messages.length - 1)); index >= 0 && index < messages.length; index += step) {
    const message = messages[index]!;
    const content = text(message);
    pattern.lastIndex = 0;
    let match = pattern.exec(content);
    if (match === null) continue;
    // Backwards, a message's own matches are listed last first: collected, then reversed.
    const first = matches.length;
    for (; match !== null; match = pattern.exec(content)) {
      matches.push({ messageId: message.id, index, start: match.index, end: match.index + match[0].length });
    }
    if (backwards) reverseFrom(matches, first);
    if (matches.length >= limit) {
      matches.length = limit;
      return matches;
    }
  }
  return matches;
}

function reverseFrom(list: MessageMatch[], from: number): void {
  for (let a = from, b = list.length - 1; a < b; a++, b--) [list[a], list[b]] = [list[b]!, list[a]!];
}

function bad(option: string, value: unknown, wanted: string): ThreadWindowError {
  return new ThreadWindowError("THREAD_WINDOW_BAD_OPTION", DEV ? `searchMessages(): ${option} must be ${wanted}` : "", value, option);
}
