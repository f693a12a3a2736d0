import { Mastra } from "@mastra/core";
import { Agent } from "@mastra/core/agent";
import { ConsoleLogger, type LogLevel } from "@mastra/core/logger";
import { MockMemory } from "@mastra/core/memory";
import { createScriptedModel, type ModelScriptOptions } from "./model-script.js";

export const AGENT_ID = "weather";

export interface AgentOptions extends ModelScriptOptions {
  /** Mastra's own log output. Default `"warn"`; tests pass `"silent"` (a failing model logs an error). */
  readonly logLevel?: LogLevel;
}

/**
 * A Mastra agent on the scripted model, registered in a Mastra instance as an application would.
 * Its in-process memory stores each thread's history (so a later turn sends the model only what
 * is new) and its working memory, which the AG-UI bridge exposes as the thread's state: the
 * client's state is merged into it when a run starts, and a STATE_SNAPSHOT of it ends every run.
 */
export function createAgent(options: AgentOptions = {}): Agent {
  const agent = new Agent({
    id: AGENT_ID,
    name: AGENT_ID,
    instructions: "You are the Threadline playground's scripted test agent.",
    model: createScriptedModel(options),
    memory: new MockMemory({ enableWorkingMemory: true }),
  });
  const mastra = new Mastra({
    agents: { [AGENT_ID]: agent },
    logger: new ConsoleLogger({ name: "mastra", level: options.logLevel ?? "warn" }),
  });
  return mastra.getAgent(AGENT_ID);
}
