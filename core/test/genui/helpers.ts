import { effect, type ReadonlySignal } from "@preact/signals-core";
import {
  createThread,
  type AGUIEvent,
  type AssistantMessageNode,
  type ComponentNode,
  type Thread,
  type ThreadlineWarning,
  generativeUi,
} from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { type ThreadOptions } from "../../src/model/index.js";

export const fold = (thread: Thread, ...events: object[]): void => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};

export const started = (runId = "r1", threadId = "t1") => ({ type: "RUN_STARTED", threadId, runId });
export const finished = (runId = "r1", threadId = "t1") => ({ type: "RUN_FINISHED", threadId, runId });
export const runError = (message = "boom") => ({ type: "RUN_ERROR", message });

export const custom = (name: string, value: unknown) => ({ type: "CUSTOM", name, value });
export const cStart = (componentId: string, componentName: string, messageId = "m1") =>
  custom("tambo.component.start", { messageId, componentId, componentName });
export const cProps = (componentId: string, operations: unknown) => custom("tambo.component.props_delta", { componentId, operations });
export const cState = (componentId: string, operations: unknown) => custom("tambo.component.state_delta", { componentId, operations });
export const cEnd = (componentId: string) => custom("tambo.component.end", { componentId });
export const set = (path: string, value: unknown) => ({ op: "add", path, value });

/** A thread folding Tambo events, with its warnings collected. */
export function tamboThread(options: ThreadOptions = {}): { thread: Thread; warnings: ThreadlineWarning[] } {
  const warnings: ThreadlineWarning[] = [];
  const thread = createThread({ components: generativeUi(), onWarning: (w) => warnings.push(w), ...options });
  return { thread, warnings };
}

export function assistant(thread: Thread, id: string): AssistantMessageNode {
  const node = thread.message(id);
  if (node?.role !== "assistant") throw new Error(`no assistant message '${id}'`);
  return node;
}

/** The component parts of a message, in order. */
export function componentsOf(thread: Thread, messageId: string): ComponentNode[] {
  return assistant(thread, messageId)
    .parts.value.filter((part) => part.type === "component")
    .map((part) => (part as { component: ComponentNode }).component);
}

/** Counts the notifications of a signal (the first run of the effect is not counted). */
export function countWrites(source: ReadonlySignal<unknown>): { readonly count: number; stop(): void } {
  let count = -1;
  const stop = effect(() => {
    void source.value;
    count++;
  });
  return {
    get count() {
      return count;
    },
    stop,
  };
}

/** Records every distinct value a signal takes (including the first). */
export function timeline<T>(source: ReadonlySignal<T>): { readonly values: T[]; stop(): void } {
  const values: T[] = [];
  const stop = effect(() => {
    values.push(source.value);
  });
  return { values, stop };
}
