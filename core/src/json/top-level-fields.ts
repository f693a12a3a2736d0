/** Where one top-level key of a streamed object stands. */
export type FieldStatus = "pending" | "streaming" | "complete";

/**
 * Progress of the top-level object's keys, for per-field status in a UI (a tool call's
 * arguments, a component's props). Empty when the top-level value is not an object.
 *
 * This is a live view that the parser updates in place as it reads: `doneKeys` only grows, so
 * comparing `doneKeys.size` and `streamingKey` before and after a `push` tells what changed.
 */
export interface TopLevelFields {
  /**
   * The key whose value is being read: set once the key's closing quote arrives, cleared when
   * its value is complete (closing quote/bracket, last letter of a literal, or the character
   * after a number).
   */
  readonly streamingKey: string | undefined;
  /** Keys whose value is complete, in the order they completed. */
  readonly doneKeys: ReadonlySet<string>;
  /**
   * `streaming` for the key being read, else `complete` once its value completed, else `pending`.
   * A key repeated later in the text is `streaming` again while its new value is read.
   */
  status(key: string): FieldStatus;
}

export class TopLevelFieldTracker implements TopLevelFields {
  streamingKey: string | undefined = undefined;
  readonly doneKeys = new Set<string>();

  status(key: string): FieldStatus {
    if (key === this.streamingKey) return "streaming";
    return this.doneKeys.has(key) ? "complete" : "pending";
  }

  begin(key: string): void {
    this.streamingKey = key;
  }

  finish(key: string): void {
    this.doneKeys.add(key);
    this.streamingKey = undefined;
  }
}
