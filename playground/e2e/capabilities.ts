// What the libraries can do today, probed through their public API (not assumed), so a test of
// a feature still being built runs as soon as the feature lands.
import { ChatClient, fromEvents } from "@threadline/core";
import { componentRegistry } from "../shared/components.js";

/**
 * Whether `ChatClient` hands `components` / `tamboEvents` to its thread, so Tambo component
 * events fold into component parts (issue 6 built it into `createThread`; the chat client's
 * options do not carry it yet).
 */
export async function chatFoldsTamboComponents(): Promise<boolean> {
  const events = [
    { type: "RUN_STARTED", threadId: "probe", runId: "probe-run" },
    { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "card:" },
    { type: "TEXT_MESSAGE_END", messageId: "m" },
    { type: "CUSTOM", name: "tambo.component.start", value: { messageId: "m", componentId: "c", componentName: "WeatherCard" } },
    { type: "CUSTOM", name: "tambo.component.end", value: { componentId: "c" } },
    { type: "RUN_FINISHED", threadId: "probe", runId: "probe-run" },
  ];
  const chat = new ChatClient({ agent: fromEvents(events), threadId: "probe", presence: false, onWarning: () => {}, ...componentRegistry() });
  try {
    await chat.sendMessage("probe");
    return chat.thread.messages.peek().some((m) => m.role === "assistant" && m.parts.peek().some((p) => p.type === "component"));
  } finally {
    chat.dispose();
  }
}
