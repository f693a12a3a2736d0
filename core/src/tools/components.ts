import { DEV } from "esm-env";
import type { ComponentRegistry } from "../model/components/registry.js";
import { ChatInputError } from "./errors.js";
import type { ToolSet } from "./definition.js";

/**
 * The registered components as tools the agent may call. They go to the agent beside the client
 * tools, so a name may not be both: the agent would get two definitions of one tool, and the
 * client could not tell whether a call is to be run or drawn.
 */

/** Throws `TOOL_NAME_CLASH` naming the first client tool whose name is a registered component. */
export function checkToolNames(tools: ToolSet, registry: ComponentRegistry | undefined): void {
  if (registry === undefined) return;
  let i = 0;
  for (const name of tools.byName.keys()) {
    if (registry.has(name)) {
      throw new ChatInputError(
        "TOOL_NAME_CLASH",
        DEV
          ? `Client tool tools[${i}] is named '${name}', like a component in \`components\`; a name is either a client tool or a component. ` +
              "Rename one, or drop the client tool and let the component render the call."
          : "",
        `tools[${i}]`,
      );
    }
    i++;
  }
}
