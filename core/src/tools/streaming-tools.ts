import { DEV } from "esm-env";
import { ChatInputError } from "./errors.js";
import type { ToolSet } from "./definition.js";

/** The thread's side of the check (ThreadImpl). */
interface ArgsParsing {
  /** @internal */
  parsesArgsOf(toolName: string): boolean;
}

/**
 * A `streaming` tool's `execute` is called on the partial arguments, which only a parser makes:
 * without one covering it, it would never get a streaming call and nobody would know why. The chat does not
 * switch a parser on by itself (an app without streaming tools would ship it), so it refuses the
 * tool set instead: `PARTIAL_ARGS_MISSING`, naming the first such tool.
 */
export function checkStreamingTools(tools: ToolSet, thread: ArgsParsing): void {
  let i = 0;
  for (const [name, resolved] of tools.byName) {
    if (resolved.streamingMs !== undefined && resolved.tool.execute !== undefined && !thread.parsesArgsOf(name)) {
      throw new ChatInputError(
        "PARTIAL_ARGS_MISSING",
        DEV
          ? `Client tool tools[${i}] '${name}' is \`streaming\`, but nothing parses its arguments as they stream: give the chat \`partialArgs: partialArgsParser()\` (from @threadline/core), or drop \`streaming\`.`
          : "",
        `tools[${i}]`,
      );
    }
    i++;
  }
}
