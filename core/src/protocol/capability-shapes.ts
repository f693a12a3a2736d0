import { DEV } from "esm-env";
import type { AgentCapabilities } from "@ag-ui/core";
import { tool } from "./run-input-shapes.js";
import { boolean, count } from "./shape-words.js";
import { describeValue } from "../describe-value.js";
import {
  arrayOf,
  judgeObject,
  isPlainObject,
  object,
  objectShape,
  optional,
  record,
  required,
  ShapeContext,
  ShapeViolation,
  string,
  type Field,
} from "./shape.js";

/**
 * AG-UI's `AgentCapabilities` document, judged as untrusted JSON (a server's discovery answer, an
 * agent's `getCapabilities()`). Every object is open: a newer protocol's category or flag is kept
 * for the app to read, since an omitted or unknown field only ever means "not declared". A known
 * field of the wrong type makes the whole document malformed.
 */

const flags = (label: string, names: readonly string[], more: Record<string, Field> = {}) =>
  optional(object(objectShape(label, { ...Object.fromEntries(names.map((name) => [name, optional(boolean)])), ...more }, true)));

const subagent = objectShape("subagent", { name: required(string), description: optional(string) }, true);

const capabilities = objectShape(
  "agent capabilities",
  {
    identity: optional(
      object(
        objectShape(
          "identity capabilities",
          {
            name: optional(string),
            type: optional(string),
            description: optional(string),
            version: optional(string),
            provider: optional(string),
            documentationUrl: optional(string),
            metadata: optional(record),
          },
          true,
        ),
      ),
    ),
    transport: flags("transport capabilities", ["streaming", "websocket", "httpBinary", "pushNotifications", "resumable"]),
    tools: flags("tools capabilities", ["supported", "parallelCalls", "clientProvided"], { items: optional(arrayOf(object(tool))) }),
    output: flags("output capabilities", ["structuredOutput"], { supportedMimeTypes: optional(arrayOf(string)) }),
    state: flags("state capabilities", ["snapshots", "deltas", "memory", "persistentState"]),
    multiAgent: flags("multi-agent capabilities", ["supported", "delegation", "handoffs"], { subagents: optional(arrayOf(object(subagent))) }),
    reasoning: flags("reasoning capabilities", ["supported", "streaming", "encrypted"]),
    multimodal: optional(
      object(
        objectShape(
          "multimodal capabilities",
          {
            input: flags("multimodal input capabilities", ["image", "audio", "video", "pdf", "file"]),
            output: flags("multimodal output capabilities", ["image", "audio"]),
          },
          true,
        ),
      ),
    ),
    execution: flags("execution capabilities", ["codeExecution", "sandboxed"], { maxIterations: optional(count), maxExecutionTime: optional(count) }),
    humanInTheLoop: flags("human-in-the-loop capabilities", ["supported", "approvals", "interventions", "feedback", "interrupts", "approveWithEdits"]),
    custom: optional(record),
  },
  true,
);

export type CapabilitiesReading =
  | { readonly ok: true; readonly capabilities: AgentCapabilities }
  | { readonly ok: false; readonly problem: string };

/** Judges a capabilities document; the problem names the first field that is wrong. */
export function readCapabilities(value: unknown): CapabilitiesReading {
  if (!isPlainObject(value)) return { ok: false, problem: DEV ? `the document must be a JSON object, but is ${describeValue(value)}` : "the document" };
  try {
    return { ok: true, capabilities: judgeObject(value, capabilities, "", undefined, new ShapeContext()) as AgentCapabilities };
  } catch (error) {
    if (error instanceof ShapeViolation) return { ok: false, problem: error.message };
    throw error;
  }
}
