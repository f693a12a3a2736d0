import { EventType, type AGUIEvent } from "@ag-ui/core";
import { seededRandom, type Random } from "./random.js";

/**
 * How long to wait before each event. `fixed` puts the same gap before every event and
 * ignores the scenarios' pauses (0 = as fast as the socket takes it, for tests); `paced`
 * imitates a model at `speed` times real speed.
 */
export type Pacing = { kind: "fixed"; delayMs: number } | { kind: "paced"; speed: number };

// Roughly a fast model at speed 1: a beat before each message or tool call ("time to first
// token"), ~40 deltas a second inside text, tool arguments and reasoning a bit faster.
function baseDelay(event: AGUIEvent): number {
  switch (event.type) {
    case EventType.RUN_STARTED:
      return 0;
    case EventType.TEXT_MESSAGE_START:
    case EventType.TOOL_CALL_START:
    case EventType.REASONING_START:
      return 300;
    case EventType.TEXT_MESSAGE_CONTENT:
      return 28;
    case EventType.TOOL_CALL_ARGS:
    case EventType.REASONING_MESSAGE_CONTENT:
      return 20;
    case EventType.TOOL_CALL_RESULT:
      return 400;
    case EventType.STATE_DELTA:
      return 450;
    case EventType.CUSTOM:
    case EventType.ACTIVITY_SNAPSHOT:
    case EventType.ACTIVITY_DELTA:
      return 110;
    case EventType.MESSAGES_SNAPSHOT:
    case EventType.STEP_FINISHED:
      return 250;
    default:
      return 12;
  }
}

/** The delay before each step of one run; jitter is seeded by the run id, so it repeats too. */
export class RunClock {
  private readonly random: Random;

  constructor(
    private readonly pacing: Pacing,
    runId: string,
  ) {
    this.random = seededRandom(`pace:${runId}`);
  }

  beforeEvent(event: AGUIEvent): number {
    if (this.pacing.kind === "fixed") return this.pacing.delayMs;
    const base = baseDelay(event);
    if (base === 0) return 0;
    // ±35% so the stream does not tick like a metronome.
    const jitter = 0.65 + this.random.next() * 0.7;
    return Math.round((base * jitter) / this.pacing.speed);
  }

  pause(ms: number): number {
    return this.pacing.kind === "fixed" ? 0 : Math.round(ms / this.pacing.speed);
  }
}
