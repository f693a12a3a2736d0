import { setOwn } from "../../json/json-value.js";
import { createPartialJsonParser } from "../../json/partial-json-parser.js";
import type { ArgumentStatus } from "../types.js";
import type { ToolArgsParser } from "./tool-args.js";

const NO_STATUS: Readonly<Record<string, ArgumentStatus>> = Object.freeze({});

/**
 * A tool call's parser over core/src/json's incremental parser (what `partialArgsParser()` and
 * generative UI's renderable tool calls hand out). Once the text stops being a prefix of valid
 * JSON the best-effort value stops changing (the error itself surfaces at TOOL_CALL_END, from the
 * strict parse). The status record is rebuilt only when a key starts or finishes, not per delta.
 */
export function createToolArgsParser(): ToolArgsParser {
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
}
