// The AG-UI protocol types Threadline works with, straight from @ag-ui/core (type-only:
// nothing here costs anything at run time). No hand-written copy of the event union.
export type {
  AGUIEvent,
  AGUIEventOf,
  BaseEvent,
  Message,
  RunAgentInput,
  Tool,
  Context,
  ToolCall,
  Interrupt,
  ResumeEntry,
  RunFinishedOutcome,
  AgentCapabilities,
} from "@ag-ui/core";
export { EventType } from "./event-type.js";
