// Applies a fixture as the upstream TS runner does (FORMAT.md, steps 2–5), through Threadline's
// real client stack: RunLoop over HttpAgent against the replay server. The fixture's
// `client.maxProtocolVersion` is the loop's `peerProtocolVersion`; `input.messages` become the
// thread's history before the run, and `tools` / `context` / `forwardedProps` are the run's.
import { EventSchemas } from "@ag-ui/core/schemas";
import {
  subagentLanes,
  legacyProtocol,
  AgentRunError,
  HttpAgent,
  type AGUIEvent,
  type Message,
  type ThreadlineError,
  type ThreadlineWarning,
  type Tool,
} from "../../src/index.js";
import type { Context } from "../../src/protocol/index.js";
import { RunLoop } from "../../src/run/index.js";
import type { ConformanceFixture } from "./fixture.js";
import type { Observed, Validation } from "./observed.js";
import type { ReplayServer } from "./replay-server.js";

export interface HttpRunOptions {
  readonly validation: Validation;
  /** The thread id the loop runs on (the draft runner pins it); default: the loop makes one. */
  readonly threadId?: string;
}

/** Runs `fixture` over HTTP at `key` on `server` and reports what the application could see. */
export async function runOverHttp(
  fixture: ConformanceFixture,
  server: ReplayServer,
  key: string,
  options: HttpRunOptions,
): Promise<Observed> {
  const events: AGUIEvent[] = [];
  const warnings: ThreadlineWarning[] = [];
  const hookErrors: ThreadlineError[] = [];
  const input = fixture.input ?? {};
  const peer = fixture.client?.maxProtocolVersion;
  const loop = new RunLoop({
    source: new HttpAgent({ url: server.endpoint(key, fixture.stream) }),
    validation: options.validation,
    schemas: EventSchemas,
    // The suite covers the whole protocol, its retired events and parts (era-* fixtures) included.
    legacy: legacyProtocol(peer === undefined ? {} : { peerProtocolVersion: peer }),
    ...(options.threadId === undefined ? {} : { threadId: options.threadId }),
    onWarning: (warning) => warnings.push(warning),
    onError: (error) => hookErrors.push(error),
    subagents: subagentLanes(),
    subscribers: [{ onEvent: ({ event }) => void events.push(event) }],
  });
  try {
    if (input.messages !== undefined) loop.setMessages(structuredClone(input.messages) as Message[]);
    const result = await loop.run({
      ...(input.tools === undefined ? {} : { tools: input.tools as Tool[] }),
      ...(input.context === undefined ? {} : { context: input.context as Context[] }),
      ...(input.forwardedProps === undefined ? {} : { forwardedProps: input.forwardedProps }),
    });
    if (hookErrors.length > 0) throw new Error(`the observing subscriber failed: ${hookErrors[0]?.message}`);
    let error: ThreadlineError | undefined;
    switch (result.status) {
      case "succeeded":
      case "interrupted":
        break;
      case "cancelled":
        // Only the agent can cancel here (RUN_FINISHED with a cancelled outcome): the loop is never stopped.
        if (result.by !== "agent") throw new Error(`${fixture.name}: the run was cancelled by the client`);
        break;
      case "failed":
        // A RUN_ERROR from the producer is a well-formed stream, not a rejection.
        if (!(result.error instanceof AgentRunError)) error = result.error;
        break;
      case "detached":
      case "skipped":
        throw new Error(`${fixture.name}: unexpected run result '${result.status}'`);
      default: {
        const unknown: never = result;
        throw new Error(`unknown run result ${JSON.stringify(unknown)}`);
      }
    }
    const replay = server.replay(key);
    if (replay === undefined) throw new Error(`${fixture.name}: the run ended without the server seeing its request`);
    return {
      outcome: error === undefined ? "completed" : "failed",
      error,
      events,
      warnings,
      messages: loop.thread.toMessages(),
      state: loop.thread.state.peek(),
      request: replay.request,
    };
  } finally {
    loop.dispose();
  }
}
