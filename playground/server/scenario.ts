import type { Middleware } from "@ag-ui/client";
import type { AGUIEvent, RunAgentInput } from "@ag-ui/core";

/** Waits before the next event, on top of the per-event pacing (a tool "working", a user-visible beat). */
export interface Pause {
  type: "pause";
  ms: number;
}

/**
 * Answers the request with a plain HTTP error instead of an event stream. Only valid as the
 * very first step: once the 200 and the first event are out, the status cannot change.
 */
export interface HttpReply {
  type: "http-reply";
  status: number;
  body: unknown;
}

/**
 * Drops the connection without a terminal event, the way a crashed backend or a proxy
 * timeout does. Ends the response; nothing after it is sent.
 */
export interface Disconnect {
  type: "disconnect";
}

export type Step = AGUIEvent | Pause | HttpReply | Disconnect;

export const pause = (ms: number): Pause => ({ type: "pause", ms });

export interface ScenarioVariant {
  name: string;
  title: string;
  description: string;
}

export interface RunContext {
  /** The selected variant's name (the scenario's first variant when none was asked for). */
  variant: string;
  /**
   * True the first time `key` is asked about on this server, false after: lets a failing
   * scenario fail once per turn so that the client's retry succeeds.
   */
  firstAttempt(key: string): boolean;
  /** This server's own base URL (`http://127.0.0.1:PORT`): where its MCP server (`/mcp`) answers. */
  origin: string;
}

export interface Scenario {
  name: string;
  title: string;
  description: string;
  /** A user message that fits the scenario, for the picker to prefill. */
  prompt: string;
  /** The first one is the default. Empty when the scenario has a single form. */
  variants: readonly ScenarioVariant[];
  /** A deterministic script: the same input and variant always give the same steps. */
  run(input: RunAgentInput, context: RunContext): Iterable<Step>;
  /**
   * What POST /agent/connect (AG-UI connect) streams: the thread as the agent holds it, e.g. its
   * history as a MESSAGES_SNAPSHOT. Without it a connect is an empty run: this server keeps no
   * threads, so there is nothing to replay.
   */
  connect?(input: RunAgentInput, context: RunContext): Iterable<Step>;
  /**
   * An AG-UI middleware the script runs behind (a new one per run), as a deployment puts
   * `@ag-ui/a2ui-middleware` in front of its agent: the run streams what the middleware emits.
   */
  middleware?(context: RunContext): Middleware;
}
