import type { RecordedEvent } from "./recorder.js";

export type SpanKind = "run" | "subagent" | "step";
/** Words as in `model/status.ts`: `running` while open, then how it ended. */
export type SpanStatus = "running" | "succeeded" | "interrupted" | "cancelled" | "failed";

/** One bar of the timeline: a run, a subagent run inside it, or a step. */
export interface Span {
  readonly kind: SpanKind;
  readonly id: string;
  readonly label: string;
  /** Nesting: runs 0, their subagents and steps below. */
  readonly depth: number;
  /** Entry indexes of the start and of the end (undefined while open). */
  readonly first: number;
  readonly last: number | undefined;
  /** Recorder times (ms). */
  readonly startAt: number;
  readonly endAt: number | undefined;
  readonly status: SpanStatus;
  /** The error's message, for a span that failed. */
  readonly detail?: string;
}

interface Building {
  kind: SpanKind;
  id: string;
  label: string;
  depth: number;
  first: number;
  last: number | undefined;
  startAt: number;
  endAt: number | undefined;
  status: SpanStatus;
  detail?: string;
}

/**
 * The runs, subagents and steps of a recording, in start order, from the events alone: a run
 * spans RUN_STARTED to RUN_FINISHED / RUN_ERROR; a subagent SUBAGENT_STARTED to its FINISHED /
 * ERROR (nested under its parent subagent); a step STEP_STARTED to STEP_FINISHED. Whatever a run
 * leaves open ends with it.
 */
export function timelineOf(entries: readonly RecordedEvent[]): Span[] {
  const spans: Building[] = [];
  let run: Building | undefined;
  const subagents = new Map<string, Building>();
  const steps = new Map<string, Building>();
  const begin = (kind: SpanKind, id: string, label: string, depth: number, first: number, startAt: number): Building => {
    const span: Building = { kind, id, label, depth, first, last: undefined, startAt, endAt: undefined, status: "running" };
    spans.push(span);
    return span;
  };
  const close = (span: Building, index: number, at: number, status: SpanStatus, detail?: string): void => {
    if (span.last !== undefined) return;
    span.last = index;
    span.endAt = at;
    span.status = status;
    if (detail !== undefined) span.detail = detail;
  };
  const endRun = (index: number, at: number, status: SpanStatus, detail?: string): void => {
    for (const span of [...subagents.values(), ...steps.values()]) close(span, index, at, status === "failed" ? "failed" : span.kind === "step" ? "succeeded" : status);
    subagents.clear();
    steps.clear();
    if (run !== undefined) close(run, index, at, status, detail);
    run = undefined;
  };
  entries.forEach((entry, index) => {
    const { event, at } = entry;
    switch (event.type) {
      case "RUN_STARTED":
        if (run !== undefined) endRun(index, at, "cancelled");
        run = begin("run", event.runId, `run ${event.runId}`, 0, index, at);
        return;
      case "RUN_FINISHED": {
        const outcome = event.outcome?.type;
        return endRun(index, at, outcome === "interrupt" ? "interrupted" : outcome === "cancelled" ? "cancelled" : "succeeded");
      }
      case "RUN_ERROR":
        return endRun(index, at, "failed", event.message);
      case "SUBAGENT_STARTED": {
        const parent = event.parentSubagentRunId == null ? undefined : subagents.get(event.parentSubagentRunId);
        subagents.set(event.subagentRunId, begin("subagent", event.subagentRunId, `subagent ${event.name}`, (parent?.depth ?? 0) + 1, index, at));
        return;
      }
      case "SUBAGENT_FINISHED": {
        const span = subagents.get(event.subagentRunId);
        if (span !== undefined) close(span, index, at, event.outcome?.type === "suspended" ? "interrupted" : "succeeded");
        return;
      }
      case "SUBAGENT_ERROR": {
        const span = subagents.get(event.subagentRunId);
        if (span !== undefined) close(span, index, at, "failed", event.message);
        return;
      }
      case "STEP_STARTED": {
        const owner = event.subagentRunId == null ? undefined : subagents.get(event.subagentRunId);
        const key = `${event.subagentRunId ?? ""}\u0000${event.stepName}`;
        steps.set(key, begin("step", key, `step ${event.stepName}`, (owner?.depth ?? 0) + 1, index, at));
        return;
      }
      case "STEP_FINISHED": {
        const key = `${event.subagentRunId ?? ""}\u0000${event.stepName}`;
        const span = steps.get(key);
        if (span !== undefined) close(span, index, at, "succeeded");
        steps.delete(key);
        return;
      }
      default:
        return;
    }
  });
  return spans;
}
