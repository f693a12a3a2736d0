import type { WarningHandler } from "../errors.js";
import type { ComponentRegistry } from "../model/components/registry.js";
import type { Tool } from "../protocol/events.js";
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
        `Client tool tools[${i}] is named '${name}', like a component in \`components\`; a name is either a client tool or a component. ` +
          "Rename one, or drop the client tool and let the component render the call.",
        `tools[${i}]`,
      );
    }
    i++;
  }
}

/**
 * `RunAgentInput.tools` for one run: the client tools, then the components registered now. A
 * component registered after the tools were checked under a client tool's name is left out with a
 * `TOOL_NAME_CLASH` warning (the client tool keeps the name). Once per run.
 */
export function advertisedTools(tools: ToolSet, registry: ComponentRegistry | undefined, warn: WarningHandler): readonly Tool[] {
  if (registry === undefined || registry.names.peek().length === 0) return tools.agentTools;
  const out: Tool[] = [...tools.agentTools];
  for (const tool of registry.tools()) {
    if (tools.byName.has(tool.name)) {
      warn({
        code: "TOOL_NAME_CLASH",
        message: `Component '${tool.name}' has the name of a client tool; it was not advertised to the agent (the client tool keeps the name).`,
      });
      continue;
    }
    out.push(tool);
  }
  return out;
}
