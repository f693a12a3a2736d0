import { Mastra } from "@mastra/core";
import { Agent } from "@mastra/core/agent";
import { ConsoleLogger, type LogLevel } from "@mastra/core/logger";
import { MockMemory } from "@mastra/core/memory";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { z } from "zod";
import { CITY_TOOL, createScriptedModel, type ModelScriptOptions } from "./model-script.js";

export const AGENT_ID = "weather";

const COUNTRIES: Readonly<Record<string, string>> = { Paris: "France", Lyon: "France", Lisbon: "Portugal", Oslo: "Norway" };

/** A tool that runs on the server, inside Mastra's loop (the client only sees its call and result). */
const findCity = createTool({
  id: CITY_TOOL,
  description: "Finds the country a city is in.",
  inputSchema: z.object({ name: z.string() }),
  outputSchema: z.object({ name: z.string(), country: z.string() }),
  execute: async ({ name }) => ({ name, country: COUNTRIES[name] ?? "an unknown country" }),
});

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
  // One in-process store for Mastra and the agent's memory: nothing survives a restart, and
  // giving it explicitly keeps Mastra from warning that it fell back to one.
  const storage = new InMemoryStore({ id: "threadline-playground" });
  const agent = new Agent({
    id: AGENT_ID,
    name: AGENT_ID,
    instructions: "You are the Threadline playground's scripted test agent.",
    model: createScriptedModel(options),
    tools: { [CITY_TOOL]: findCity },
    memory: new MockMemory({ storage, enableWorkingMemory: true }),
  });
  const mastra = new Mastra({
    storage,
    agents: { [AGENT_ID]: agent },
    logger: new ConsoleLogger({ name: "mastra", level: options.logLevel ?? "warn" }),
  });
  return mastra.getAgent(AGENT_ID);
}
