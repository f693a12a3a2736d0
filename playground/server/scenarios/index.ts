import type { Scenario } from "../scenario.js";
import { a2uiForm } from "./a2ui-form.js";
import { mcpApp } from "./mcp-app.js";
import { approval } from "./approval.js";
import { attachment } from "./attachment.js";
import { clientTool } from "./client-tool.js";
import { interrupt } from "./interrupt.js";
import { longThread } from "./long-thread.js";
import { markdown } from "./markdown.js";
import { reasoning } from "./reasoning.js";
import { serverError } from "./server-error.js";
import { sharedState } from "./shared-state.js";
import { subagents } from "./subagents.js";
import { weatherCard } from "./weather-card.js";

/** In picker order. */
export const scenarios: readonly Scenario[] = [
  markdown,
  weatherCard,
  clientTool,
  approval,
  sharedState,
  reasoning,
  interrupt,
  serverError,
  longThread,
  attachment,
  subagents,
  a2uiForm,
  mcpApp,
];

export const DEFAULT_SCENARIO = "markdown";

export function findScenario(name: string): Scenario | undefined {
  return scenarios.find((scenario) => scenario.name === name);
}

/** What GET /scenarios returns: everything but the script; `connects` when connect replays something. */
export function scenarioListing() {
  return scenarios.map(({ name, title, description, prompt, variants, connect }) => ({
    name,
    title,
    description,
    prompt,
    variants,
    connects: connect !== undefined,
  }));
}
