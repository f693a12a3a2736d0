// Writes one run to the response: pulls the scenario's steps, waits as the pacing says,
// encodes each event (SSE, or protobuf when the Accept header asks for it) and stops as
// soon as the client goes away.
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { EventType, type AGUIEvent } from "@ag-ui/core";
import { AGUI_MEDIA_TYPE, EventEncoder } from "@ag-ui/encoder";
import type { Attempts } from "./attempts.js";
import type { Holds } from "./holds.js";
import { runError, runFinished, runStarted } from "./events.js";
import { RunClock } from "./pacing.js";
import { sendJson } from "./request-error.js";
import type { RunRequest } from "./run-request.js";
import type { Step } from "./scenario.js";
import { throughMiddleware } from "./middleware-run.js";

export type RunEnd =
  | "finished" // the last event sent was RUN_FINISHED
  | "run-error" // the last event sent was RUN_ERROR
  | "http-error" // answered with an HTTP error status instead of a stream
  | "disconnected" // the scenario dropped the connection on purpose
  | "client-closed" // the client went away (stop button, navigation) before the end
  | "incomplete"; // the script ended without a terminal event (a scenario bug)

export interface RunReport {
  scenario: string;
  variant: string;
  threadId: string;
  runId: string;
  /** Events written to the socket. */
  events: number;
  end: RunEnd;
}

/** Resolves when the wait is over or the client has gone, whichever comes first. */
async function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return;
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

async function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  await once(res, "drain", { signal }).catch(() => undefined);
}

/** A connect to a scenario that keeps no thread: the run opens and closes with nothing in it. */
function* nothingToReplay(input: RunRequest["input"]): Generator<Step> {
  yield runStarted(input);
  yield runFinished(input);
}

export async function streamRun(
  req: IncomingMessage,
  res: ServerResponse,
  run: RunRequest,
  attempts: Attempts,
  holds: Holds,
  origin: string,
): Promise<RunReport> {
  const { input, scenario, variant } = run;
  const report: RunReport = {
    scenario: scenario.name,
    variant,
    threadId: input.threadId,
    runId: input.runId,
    events: 0,
    end: "client-closed",
  };
  const gone = new AbortController();
  // "close" also fires after a normal end; by then nothing is waiting on the signal.
  res.on("close", () => gone.abort());

  const context = { variant, firstAttempt: (key: string) => attempts.firstAttempt(key), origin };
  const script =
    run.mode !== "run"
      ? (scenario.connect?.(input, context) ?? nothingToReplay(input))
      : scenario.middleware
        ? await throughMiddleware(scenario.middleware(context), scenario, input, context)
        : scenario.run(input, context);
  const steps = script[Symbol.iterator]();
  try {
    let step = steps.next();
    if (!step.done && step.value.type === "http-reply") {
      sendJson(res, step.value.status, step.value.body);
      report.end = "http-error";
      return report;
    }

    // Protobuf only when asked for by name: the encoder alone would pick it for `*/*`, which
    // is what curl and browsers send.
    const accept = req.headers.accept ?? "";
    const encoder = new EventEncoder({ accept: accept.includes(AGUI_MEDIA_TYPE) ? accept : "text/event-stream" });
    res.writeHead(200, {
      "content-type": encoder.getContentType(),
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);

    const clock = new RunClock(run.pacing, input.runId);
    let last: AGUIEvent | undefined;
    // Settles once the last event written is on the socket (see the disconnect step).
    let written: Promise<void> = Promise.resolve();
    const send = async (event: AGUIEvent) => {
      await wait(clock.beforeEvent(event), gone.signal);
      if (gone.signal.aborted) return;
      let fits = true;
      written = new Promise<void>((resolve) => {
        fits = res.write(encoder.encodeBinary(event), () => resolve());
      });
      if (!fits) await drained(res, gone.signal);
      report.events++;
      last = event;
    };

    try {
      for (; !step.done && !gone.signal.aborted; step = steps.next()) {
        const current: Step = step.value;
        if (current.type === "pause") {
          await wait(clock.pause(current.ms), gone.signal);
        } else if (current.type === "disconnect") {
          await holds.wait(input.threadId, gone.signal);
          if (gone.signal.aborted) break;
          report.end = "disconnected";
          // end(), not destroy(): what was written still reaches the client, then the socket
          // closes mid-body with no final chunk, exactly like a crashed upstream. Node 24 can still
          // hold the last writes in the response when the step comes: end once they are out.
          await written;
          res.socket?.end();
          return report;
        } else if (current.type === "http-reply") {
          throw new Error(`scenario '${scenario.name}' asked for an HTTP ${current.status} after the stream began`);
        } else {
          await send(current);
        }
      }
    } catch (error) {
      // A bug in a script must still end the run properly for the client.
      if (!gone.signal.aborted) await send(runError(`playground scenario failed: ${(error as Error).message}`, "scenario_failed"));
    }
    if (!gone.signal.aborted) {
      report.end =
        last?.type === EventType.RUN_FINISHED ? "finished" : last?.type === EventType.RUN_ERROR ? "run-error" : "incomplete";
      res.end();
    }
    return report;
  } finally {
    // Lets the scenario's generator run its `finally` blocks when the client left early.
    steps.return?.();
  }
}
