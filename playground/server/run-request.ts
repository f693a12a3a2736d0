// Turns a POST into what a run needs: a validated RunAgentInput, the scenario and variant,
// and the pacing. Everything wrong with the request becomes a RequestError naming the field.
import type { IncomingMessage } from "node:http";
import type { RunAgentInput } from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import type { Pacing } from "./pacing.js";
import { RequestError } from "./request-error.js";
import type { Scenario } from "./scenario.js";
import { DEFAULT_SCENARIO, findScenario, scenarios } from "./scenarios/index.js";

/** The long-thread scenario's follow-ups carry its 100,000 messages back (about 25 MB). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MAX_DELAY_MS = 60_000;

export interface RunRequest {
  /** POST /agent runs the scenario; POST /agent/connect attaches to the thread (AG-UI connect). */
  mode: "run" | "connect";
  input: RunAgentInput;
  scenario: Scenario;
  variant: string;
  pacing: Pacing;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new RequestError(413, "payload_too_large", `request body exceeds ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseInput(body: string): RunAgentInput {
  // An empty body starts a fresh thread, so `curl -X POST …/agent?scenario=markdown` just works.
  if (body.trim() === "") return { threadId: "playground", runId: "run-1", messages: [], tools: [], context: [] };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new RequestError(400, "invalid_json", `request body is not JSON: ${(error as Error).message}`);
  }
  const result = RunAgentInputSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "body";
    throw new RequestError(400, "invalid_input", `not a RunAgentInput: ${where}: ${issue?.message ?? "invalid"}`);
  }
  const input = value as RunAgentInput;
  return { ...input, tools: input.tools ?? [], context: input.context ?? [] };
}

type Props = Record<string, unknown>;

function forwardedProps(input: RunAgentInput): Props {
  const props: unknown = input.forwardedProps;
  return typeof props === "object" && props !== null && !Array.isArray(props) ? (props as Props) : {};
}

/** forwardedProps (per run) wins over the query string (per agent URL). */
function option(name: string, queryName: string, props: Props, query: URLSearchParams): unknown {
  return props[name] ?? query.get(queryName) ?? undefined;
}

function asText(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") {
    throw new RequestError(400, "invalid_option", `${field} must be a non-empty string`);
  }
  return value;
}

function asNumber(value: unknown, field: string, valid: (n: number) => boolean, rule: string) {
  if (value === undefined) return undefined;
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || !valid(n)) {
    throw new RequestError(400, "invalid_option", `${field} must be ${rule}, got ${JSON.stringify(value)}`);
  }
  return n;
}

function resolvePacing(props: Props, query: URLSearchParams, fallback: Pacing): Pacing {
  const delayMs = asNumber(
    option("delayMs", "delay", props, query),
    "delay",
    (n) => Number.isInteger(n) && n >= 0 && n <= MAX_DELAY_MS,
    `an integer from 0 to ${MAX_DELAY_MS}`,
  );
  if (delayMs !== undefined) return { kind: "fixed", delayMs };
  const speed = asNumber(option("speed", "speed", props, query), "speed", (n) => n > 0 && n <= 1000, "a number above 0 and at most 1000");
  if (speed !== undefined) return { kind: "paced", speed };
  return fallback;
}

export async function readRunRequest(
  req: IncomingMessage,
  query: URLSearchParams,
  fallbackPacing: Pacing,
  mode: RunRequest["mode"] = "run",
): Promise<RunRequest> {
  return describeRun(parseInput(await readBody(req)), query, fallbackPacing, mode);
}

/** The scenario, variant and pacing a run asks for (forwardedProps, then the query string). */
export function describeRun(input: RunAgentInput, query: URLSearchParams, fallbackPacing: Pacing, mode: RunRequest["mode"] = "run"): RunRequest {
  const props = forwardedProps(input);
  const name = asText(option("scenario", "scenario", props, query), "scenario") ?? DEFAULT_SCENARIO;
  const scenario = findScenario(name);
  if (!scenario) {
    const known = scenarios.map((s) => s.name).join(", ");
    throw new RequestError(404, "unknown_scenario", `unknown scenario '${name}' (known: ${known})`);
  }
  const variantName = asText(option("variant", "variant", props, query), "variant");
  const variant = variantName ?? scenario.variants[0]?.name ?? "default";
  if (variantName !== undefined && !scenario.variants.some((v) => v.name === variantName)) {
    const known = scenario.variants.map((v) => v.name).join(", ") || "none";
    throw new RequestError(404, "unknown_variant", `scenario '${name}' has no variant '${variantName}' (variants: ${known})`);
  }
  return { mode, input, scenario, variant, pacing: resolvePacing(props, query, fallbackPacing) };
}
