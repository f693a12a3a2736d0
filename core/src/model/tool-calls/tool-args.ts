import { setOwn } from "../../json/json-value.js";
import { createPartialJsonParser } from "../../json/partial-json-parser.js";
import type { ArgumentStatus } from "../types.js";

/**
 * The seam between a streaming tool call and the incremental JSON parser. One parser is created
 * per tool call, at TOOL_CALL_START, and fed only the new characters of each TOOL_CALL_ARGS.
 * `args` never comes from here: it is a strict `JSON.parse` at TOOL_CALL_END.
 */
export interface ToolArgsParser {
  /** Reads `delta`; returns the best-effort value of the arguments so far. Never throws. */
  push(delta: string): unknown;
  /** Status per top-level key; the same object until a status changes. */
  readonly argumentStatus: Readonly<Record<string, ArgumentStatus>>;
}

export type ToolArgsParserFactory = () => ToolArgsParser;

const NO_STATUS: Readonly<Record<string, ArgumentStatus>> = Object.freeze({});

/**
 * The default: core/src/json's incremental parser. Once the text stops being a prefix of valid
 * JSON the best-effort value stops changing (the error itself surfaces at TOOL_CALL_END, from the
 * strict parse). The status record is rebuilt only when a key starts or finishes, not per delta.
 */
export const createToolArgsParser: ToolArgsParserFactory = () => {
  const parser = createPartialJsonParser();
  let failed = false;
  let status = NO_STATUS;
  let doneCount = 0;
  let streamingKey: string | undefined;
  return {
    push(delta) {
      if (!failed) {
        try {
          parser.push(delta);
        } catch {
          failed = true;
        }
      }
      const top = parser.topLevel;
      if (top.doneKeys.size !== doneCount || top.streamingKey !== streamingKey) {
        doneCount = top.doneKeys.size;
        streamingKey = top.streamingKey;
        const next: Record<string, ArgumentStatus> = {};
        for (const key of top.doneKeys) setOwn(next, key, "complete");
        if (streamingKey !== undefined) setOwn(next, streamingKey, "streaming");
        status = Object.freeze(next);
      }
      return parser.value;
    },
    get argumentStatus() {
      return status;
    },
  };
};
