import { MockLanguageModelV3, simulateReadableStream } from "ai/test";

/**
 * The "language model" behind the Mastra agent: an AI SDK mock whose token stream is scripted.
 * Everything above it — Mastra's agent loop, memory, tool handling and the AG-UI bridge — is the
 * real thing, so every event, id and ordering on the wire is what Mastra produces.
 *
 * The script reads the prompt Mastra hands it. The scenario comes from the latest user message:
 *   "fail"    → some text, then a stream error (Mastra's run fails mid-answer)
 *   "think"   → reasoning, then text
 *   "weather" → text, a call to the server tool `find_city` and a working-memory update; then
 *               more text and a call to the client tool `get_weather`; once the client's result
 *               is in the prompt, an answer quoting it
 *   otherwise → text that echoes the message
 */

// The AI SDK's provider types, read off the mock (the `ai` package does not re-export them).
type DoStream = MockLanguageModelV3["doStream"];
type CallOptions = Parameters<DoStream>[0];
type StreamPart = Awaited<ReturnType<DoStream>>["stream"] extends ReadableStream<infer P> ? P : never;
type PromptMessage = CallOptions["prompt"][number];

export type Scenario = "text" | "client-tool" | "reasoning" | "error";

/** The client tool the weather scenario calls. The client must offer it in `RunAgentInput.tools`. */
export const WEATHER_TOOL = "get_weather";
/** A server tool of the agent's own (see agent.ts): Mastra runs it and calls the model again. */
export const CITY_TOOL = "find_city";
/** Mastra's own working-memory tool (a server tool: Mastra runs it and calls the model again). */
export const WORKING_MEMORY_TOOL = "updateWorkingMemory";
export const SCRIPTED_FAILURE = "scripted model failure";

export interface ModelScriptOptions {
  /** Delay between stream parts, so a UI sees text arrive. Default 0. */
  readonly chunkDelayMs?: number;
}

export function chooseScenario(userText: string): Scenario {
  const text = userText.toLowerCase();
  if (text.includes("fail")) return "error";
  if (text.includes("think")) return "reasoning";
  if (text.includes("weather")) return "client-tool";
  return "text";
}

/** "weather in Lyon?" → "Lyon"; Paris when no capitalised place follows "in". */
export function cityOf(userText: string): string {
  return /\bin ([A-Z][\p{L}-]*)/u.exec(userText)?.[1] ?? "Paris";
}

export function createScriptedModel(options: ModelScriptOptions = {}): MockLanguageModelV3 {
  const chunkDelayInMs = options.chunkDelayMs ?? 0;
  return new MockLanguageModelV3({
    provider: "threadline-playground",
    modelId: "scripted",
    doStream: async (call) => ({
      stream: simulateReadableStream<StreamPart>({
        chunks: [{ type: "stream-start", warnings: [] }, ...scriptFor(call)],
        initialDelayInMs: chunkDelayInMs,
        chunkDelayInMs,
      }),
    }),
  });
}

/** One model call: what to stream, given everything Mastra put in the prompt. */
export function scriptFor(call: CallOptions): StreamPart[] {
  const { prompt } = call;
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === "user") lastUser = index;
  });
  const userText = lastUser >= 0 ? textOf(prompt[lastUser]!) : "";
  // Tool results since the user spoke tell the script which step of its turn it is on.
  const results = new Map<string, unknown>();
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") results.set(part.toolName, outputValue(part.output));
    }
  }
  const offered = new Set((call.tools ?? []).map((tool) => tool.name));

  switch (chooseScenario(userText)) {
    case "error":
      return [...text("answer", "Here is a partial ", "answer"), { type: "error", error: new Error(SCRIPTED_FAILURE) }];
    case "reasoning":
      return [
        { type: "reasoning-start", id: "thought" },
        ...["The user wants ", "me to think. ", "Two and two make four."].map(
          (delta): StreamPart => ({ type: "reasoning-delta", id: "thought", delta }),
        ),
        { type: "reasoning-end", id: "thought" },
        ...text("answer", "I thought it ", "over: ", "the answer is 4."),
        finish("stop"),
      ];
    case "client-tool":
      return weatherStep(cityOf(userText), results, offered);
    case "text":
      return [...text("answer", "You said: ", ...words(userText)), finish("stop")];
  }
}

function weatherStep(city: string, results: ReadonlyMap<string, unknown>, offered: ReadonlySet<string>): StreamPart[] {
  if (!offered.has(WEATHER_TOOL) && !results.has(WEATHER_TOOL)) {
    return [...text("answer", "I have no ", `${WEATHER_TOOL} tool to call.`), finish("stop")];
  }
  if (results.has(WEATHER_TOOL)) {
    return [...text("answer", "The client says: ", describe(results.get(WEATHER_TOOL)), "."), finish("stop")];
  }
  if (!results.has(CITY_TOOL)) {
    // Step 1: say what happens next, look the city up (a server tool: Mastra runs it and calls
    // the model again) and note the errand in working memory (the thread's state).
    const parts = [
      ...text("intro", "Let me check ", `the weather in ${city}.`),
      ...toolCall("city-1", CITY_TOOL, JSON.stringify({ name: city })),
    ];
    if (offered.has(WORKING_MEMORY_TOOL)) {
      const memory = JSON.stringify({ city, step: "asking the client" });
      parts.push(...toolCall("memory-1", WORKING_MEMORY_TOOL, JSON.stringify({ memory })));
    }
    return [...parts, finish("tool-calls")];
  }
  // Step 2: more text, then the call to the client tool, its arguments streamed in fragments.
  const found = results.get(CITY_TOOL) as { country?: unknown } | undefined;
  const args = JSON.stringify({ city, unit: "celsius" });
  const cut = [0, 9, args.length - 12, args.length];
  const fragments = cut.slice(1).map((end, index) => args.slice(cut[index], end));
  return [
    ...text("found", `${city} is in ${String(found?.country ?? "an unknown country")}. `, "Asking your device."),
    ...toolCall("weather-1", WEATHER_TOOL, args, fragments),
    finish("tool-calls"),
  ];
}

function text(id: string, ...deltas: string[]): StreamPart[] {
  return [
    { type: "text-start", id },
    ...deltas.map((delta): StreamPart => ({ type: "text-delta", id, delta })),
    { type: "text-end", id },
  ];
}

function toolCall(id: string, toolName: string, input: string, fragments: readonly string[] = [input]): StreamPart[] {
  return [
    { type: "tool-input-start", id, toolName },
    ...fragments.map((delta): StreamPart => ({ type: "tool-input-delta", id, delta })),
    { type: "tool-input-end", id },
    { type: "tool-call", toolCallId: id, toolName, input },
  ];
}

function finish(unified: "stop" | "tool-calls"): StreamPart {
  return {
    type: "finish",
    finishReason: { unified, raw: unified },
    usage: {
      inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 6, text: 6, reasoning: 0 },
    },
  };
}

function textOf(message: PromptMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** Splits into word-sized deltas (each keeps its trailing space) so text streams in pieces. */
function words(value: string): string[] {
  return value.match(/\S+\s*/g) ?? [""];
}

function outputValue(output: { type: string; value?: unknown }): unknown {
  return "value" in output ? output.value : undefined;
}

/** A tool result in the answer's words: a weather reading as a sentence, anything else as given. */
function describe(given: unknown): string {
  let value = given;
  if (typeof given === "string") {
    try {
      value = JSON.parse(given);
    } catch {
      return given;
    }
  }
  const reading = value as { sky?: unknown; celsius?: unknown; temperature?: unknown; unit?: unknown; city?: unknown } | null;
  if (typeof reading?.sky === "string") {
    const degrees =
      typeof reading.celsius === "number"
        ? `${reading.celsius} °C`
        : typeof reading.temperature === "number"
          ? `${reading.temperature} °${reading.unit === "fahrenheit" ? "F" : "C"}`
          : undefined;
    const where = typeof reading.city === "string" ? ` in ${reading.city}` : "";
    return `it is ${reading.sky}${degrees === undefined ? "" : `, ${degrees}`}${where}`;
  }
  return typeof given === "string" ? given : JSON.stringify(given);
}
