// What the scripted agent declares at GET /resumable/agent/capabilities (createAgentHandler's
// discovery route): what its scenarios actually do, so the apps can adapt to it.
import type { AgentCapabilities } from "@ag-ui/core";
import { FACT_CHECKER, RESEARCHER } from "./scenarios/subagents.js";

export const SCRIPTED_CAPABILITIES: AgentCapabilities = {
  identity: { name: "Threadline playground", type: "scripted", description: "Deterministic AG-UI scenarios for the playground apps" },
  transport: { streaming: true, httpBinary: true, resumable: true },
  tools: { supported: true },
  state: { snapshots: true, deltas: true },
  multiAgent: {
    supported: true,
    delegation: true,
    subagents: [
      { name: RESEARCHER, description: "Reads sources and sums them up" },
      { name: FACT_CHECKER, description: "Checks one claim against the changelog" },
    ],
  },
  reasoning: { supported: true, streaming: true },
  // The attachment scenario reads images (and names any other file it gets).
  multimodal: { input: { image: true, file: true } },
  humanInTheLoop: { supported: true, approvals: true, interrupts: true },
};
