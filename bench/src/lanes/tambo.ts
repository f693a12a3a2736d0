// Tambo's lane: @tambo-ai/client's exported pure streamReducer, dispatched once per event in a
// plain loop (what TamboClient and the React provider do per event, minus their listeners).
import { createInitialState, streamReducer, type StreamState } from "@tambo-ai/client";
import type { AGUIEvent, Message } from "@ag-ui/core";
import { THREAD_ID } from "../generate.js";

// Tambo 1.1.3 is typed against @ag-ui/core 0.0.44; the events it reads are the same shapes.
type TamboEvent = Parameters<typeof streamReducer>[1] extends infer A ? (A extends { type: "EVENT"; event: infer E } ? E : never) : never;

/** A Tambo stream state holding `priors` as the current thread's messages. */
export function tamboStateWith(priors: readonly Message[]): StreamState {
  const messages = priors.map((m) => ({
    id: m.id,
    role: m.role === "user" ? ("user" as const) : ("assistant" as const),
    content: [{ type: "text" as const, text: typeof m.content === "string" ? m.content : "" }],
  }));
  return streamReducer(createInitialState(), {
    type: "START_NEW_THREAD",
    threadId: THREAD_ID,
    initialThread: { messages },
  });
}

export function tamboDispatch(state: StreamState, event: AGUIEvent): StreamState {
  return streamReducer(state, { type: "EVENT", event: event as unknown as TamboEvent, threadId: THREAD_ID });
}

export function tamboText(state: StreamState, id: string): string {
  const message = state.threadMap[THREAD_ID]?.thread.messages.find((m) => m.id === id);
  let text = "";
  for (const block of message?.content ?? []) if (block.type === "text") text += block.text;
  return text;
}
