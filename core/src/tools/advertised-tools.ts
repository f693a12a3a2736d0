import { DEV } from "esm-env";
import type { WarningHandler } from "../errors.js";
import type { ComponentRegistry } from "../model/components/registry.js";
import type { Tool } from "../protocol/events.js";
import type { ToolSet } from "./definition.js";

// What goes to the agent as it runs, apart from the check the chat makes up front
// (components.ts): only the engine sends runs.

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
        message: DEV ? `Component '${tool.name}' has the name of a client tool; it was not advertised to the agent (the client tool keeps the name).` : "",
      });
      continue;
    }
    out.push(tool);
  }
  return out;
}
