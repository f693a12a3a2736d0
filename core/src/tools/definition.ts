import { DEV } from "esm-env";
import type { ContentPart } from "@ag-ui/core";
import { ownJson } from "../json/json-value.js";
import type { MessageContent, Thread } from "../model/types.js";
import type { Tool } from "../protocol/events.js";
import { content } from "../protocol/message-shapes.js";
import { ShapeContext, ShapeViolation } from "../protocol/shape.js";
import { ChatInputError } from "./errors.js";

/**
 * The part of the Standard Schema contract (https://standardschema.dev) Threadline relies on:
 * zod (3.24+), valibot, arktype and others implement it. `jsonSchema` is the optional Standard
 * JSON Schema extension; a schema that has it can stand in for a tool's JSON Schema `parameters`.
 */
export interface StandardSchemaLike<Output = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
    readonly jsonSchema?: { readonly input: (options: { readonly target: string }) => Record<string, unknown> };
  };
}

export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/**
 * `(args) => boolean`, checked bivariantly like a method, so a tool typed for its own arguments
 * fits a `ClientTool[]` list.
 */
export type ArgsPredicate<Args> = { check(args: Args): boolean }["check"];

/** A JSON Schema document (sent to the agent as the tool's `parameters`). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** What `execute` gets besides the arguments. */
export interface ToolExecuteContext {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The run in which the agent made the call (the id sent to the agent). */
  readonly runId: string;
  /** Aborted when the call becomes stale: `stop()`, `clear()`, `setMessages()`, a new message, `dispose()`. */
  readonly signal: AbortSignal;
  /** True for the throttled calls a streaming tool gets while its arguments are still arriving. */
  readonly partial: boolean;
  readonly thread: Thread;
}

/**
 * A tool the agent may call and this client runs. `execute` is called with the call's strict
 * arguments when TOOL_CALL_END arrives (after `undoStrictMode` against `parameters`, then
 * `inputSchema` if given); what it returns (or its promise resolves to) is the result sent back.
 * Without `execute` the call waits for `chat.addToolResult` (a human-in-the-loop tool).
 */
export interface ClientTool<Args = unknown, Output = unknown, Render = unknown> {
  readonly name: string;
  readonly description?: string;
  /**
   * The arguments' JSON Schema, as sent to the agent. A Standard Schema that implements Standard
   * JSON Schema (`~standard.jsonSchema`) is accepted too, and then also validates. A zod 3 schema
   * has no JSON Schema export: pass `z.toJSONSchema(...)` (zod/v4) or your own JSON Schema here
   * and the zod schema as `inputSchema`.
   */
  readonly parameters?: JsonSchema | StandardSchemaLike<Args>;
  /** Validates (and may transform) the arguments before `execute`; failure → an error result. */
  readonly inputSchema?: StandardSchemaLike<Args>;
  execute?(args: Args, context: ToolExecuteContext): Output | Promise<Output>;
  /** Validates the output; failure → an error result instead of the output. */
  readonly outputSchema?: StandardSchemaLike<unknown>;
  /** Ask the user first: the call waits in `awaiting-approval` for `respondToApproval`. */
  readonly needsApproval?: boolean | ArgsPredicate<Args>;
  /**
   * Also call `execute` while the arguments stream, with the partial arguments and
   * `context.partial === true`, at most once per interval (default 100 ms; a number sets it).
   * Those calls' results are ignored; the final call at TOOL_CALL_END gives the result. Needs
   * the chat's `partialArgs: partialArgsParser()` covering this tool (`PARTIAL_ARGS_MISSING`).
   */
  readonly streaming?: boolean | number;
  /** Whatever your UI renders this tool's calls with (bindings read it; core does not). */
  readonly render?: Render;
}

/** Lets TypeScript infer `Args` from `inputSchema` (or `parameters`) and check `execute`. */
export function defineTool<Args, Output = unknown, Render = unknown>(tool: ClientTool<Args, Output, Render>): ClientTool<Args, Output, Render> {
  return tool;
}

/** One tool, checked once when the tool set is built. */
export interface ResolvedTool {
  readonly tool: ClientTool;
  readonly jsonSchema: JsonSchema;
  readonly validator: StandardSchemaLike | undefined;
  /** Throttle interval for streaming calls; undefined when the tool does not stream. */
  readonly streamingMs: number | undefined;
}

/** The tools in force for one run: frozen when the run starts, whatever changes afterwards. */
export interface ToolSet {
  readonly byName: ReadonlyMap<string, ResolvedTool>;
  /** As sent in `RunAgentInput.tools`. */
  readonly agentTools: readonly Tool[];
}

const DEFAULT_STREAMING_MS = 100;
const EMPTY_OBJECT_SCHEMA: JsonSchema = Object.freeze({ type: "object", properties: {} });

export function isStandardSchema(value: unknown): value is StandardSchemaLike {
  if (typeof value !== "object" && typeof value !== "function") return false;
  if (value === null) return false;
  const standard = (value as { "~standard"?: { validate?: unknown } })["~standard"];
  return typeof standard === "object" && standard !== null && typeof standard.validate === "function";
}

/** Checks every tool; throws `ChatInputError` (`INVALID_TOOL`) naming the first one at fault. */
export function buildToolSet(tools: readonly ClientTool[] | undefined): ToolSet {
  const byName = new Map<string, ResolvedTool>();
  const agentTools: Tool[] = [];
  (tools ?? []).forEach((tool, i) => {
    const where = `tools[${i}]`;
    if (typeof tool !== "object" || tool === null) throw invalid(where, DEV ? "is not a tool object" : "");
    if (typeof tool.name !== "string" || tool.name === "") throw invalid(where, DEV ? "needs a non-empty string `name`" : "");
    if (byName.has(tool.name)) throw invalid(where, DEV ? `reuses the name '${tool.name}'; tool names must be unique` : "");
    if (tool.execute !== undefined && typeof tool.execute !== "function") throw invalid(where, DEV ? "`execute` must be a function" : "");
    if (tool.inputSchema !== undefined && !isStandardSchema(tool.inputSchema)) {
      throw invalid(where, DEV ? "`inputSchema` must be a Standard Schema (zod, valibot, arktype…)" : "");
    }
    if (tool.outputSchema !== undefined && !isStandardSchema(tool.outputSchema)) {
      throw invalid(where, DEV ? "`outputSchema` must be a Standard Schema (zod, valibot, arktype…)" : "");
    }
    const streaming = tool.streaming;
    if (streaming !== undefined && typeof streaming !== "boolean" && !(typeof streaming === "number" && Number.isFinite(streaming) && streaming >= 0)) {
      throw invalid(where, DEV ? "`streaming` must be a boolean or a number of milliseconds ≥ 0" : "");
    }
    const { jsonSchema, validator } = schemasOf(tool, where);
    byName.set(tool.name, {
      tool,
      jsonSchema,
      validator: tool.inputSchema ?? validator,
      streamingMs: streaming === true ? DEFAULT_STREAMING_MS : typeof streaming === "number" ? streaming : undefined,
    });
    agentTools.push({ name: tool.name, description: tool.description ?? "", parameters: jsonSchema });
  });
  return { byName, agentTools: Object.freeze(agentTools) };
}

function schemasOf(tool: ClientTool, where: string): { jsonSchema: JsonSchema; validator: StandardSchemaLike | undefined } {
  const parameters: unknown = tool.parameters;
  if (parameters === undefined) return { jsonSchema: EMPTY_OBJECT_SCHEMA, validator: undefined };
  if (isStandardSchema(parameters)) {
    const converter = parameters["~standard"].jsonSchema;
    if (converter === undefined || typeof converter.input !== "function") {
      throw invalid(
        where,
        DEV
          ? `\`parameters\` is a ${parameters["~standard"].vendor} schema without a JSON Schema export; pass JSON Schema ` +
              "as `parameters` (for zod: z.toJSONSchema from zod/v4) and the schema as `inputSchema`"
          : "",
      );
    }
    let converted: unknown;
    try {
      converted = converter.input({ target: "draft-07" });
    } catch (error) {
      throw invalid(where, DEV ? `converting \`parameters\` to JSON Schema failed: ${error instanceof Error ? error.message : String(error)}` : "");
    }
    if (typeof converted !== "object" || converted === null) throw invalid(where, DEV ? "`parameters` converted to something that is not a JSON Schema object" : "");
    return { jsonSchema: converted as JsonSchema, validator: parameters };
  }
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) {
    throw invalid(where, DEV ? "`parameters` must be a JSON Schema object or a Standard Schema" : "");
  }
  return { jsonSchema: parameters as JsonSchema, validator: undefined };
}

/** `problem` is DEV's (callers write `DEV ? "…" : ""`); a production build's message names `where`. */
function invalid(where: string, problem: string): ChatInputError {
  return new ChatInputError("INVALID_TOOL", DEV ? `Client tool ${where} ${problem}.` : "", where);
}

/**
 * A tool output as tool-message content: a string stays as it is, a list of AG-UI content parts
 * (an image the tool made, text beside it…) stays parts (a frozen copy), anything else is JSON.
 * Throws for values JSON cannot hold (cycles, BigInt).
 */
export function outputContent(output: unknown): MessageContent {
  if (typeof output === "string") return output;
  if (isContentParts(output)) return ownJson(output as readonly ContentPart[], "output");
  const text = JSON.stringify(output === undefined ? null : output);
  if (text === undefined) throw new TypeError(`a ${typeof output} cannot be serialised to JSON`);
  return text;
}

/**
 * A non-empty array the protocol takes as message content parts: the check a user or tool
 * message's content gets (message-shapes.ts), with no part of an unknown kind. Members the parts
 * do not describe are kept, as on any message.
 */
function isContentParts(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  const ctx = new ShapeContext();
  try {
    content(value, "", "output", ctx);
  } catch (error) {
    if (error instanceof ShapeViolation) return false;
    throw error;
  }
  return !ctx.notes.some((note) => note.kind === "unrecognised-member");
}
