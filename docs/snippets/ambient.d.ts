// The names the docs' snippets use without defining them: what the reader has in their own app
// (the agent, a storage choice, the events a test recorded, their render functions…), and the
// values an earlier block of the same page made (`chat`, `loop`, `store`).
import type {
  AgentSource,
  AGUIEvent,
  ChatClient,
  ClientTool,
  ComponentRegistry,
  Message,
  RunAgentInput,
  Thread,
} from "@threadline/core";
import type { ThreadStore } from "@threadline/core/model";
import type { RunLoop } from "@threadline/core/run";
import type { ChatPersistence } from "@threadline/core/chat";
import type { StoredThread } from "@threadline/core/persist";

declare global {
  // the app's
  const agent: AgentSource;
  const source: AgentSource;
  const recordedAgent: AgentSource;
  const components: ComponentRegistry;
  const persistence: ChatPersistence;
  const getLocalTime: ClientTool;
  const savedMessages: Message[];
  const firstUserMessage: Message;
  const threadId: string;
  const toolCallId: string;
  const sendButton: HTMLButtonElement;
  const api: { delete(path: string, options: { signal: AbortSignal }): Promise<void> };
  function getToken(): Promise<string>;
  function render(value: unknown): void;
  function renderList(value: unknown): void;
  function renderText(value: unknown): void;
  function renderTodos(value: unknown): void;
  function draw(name: string, props: unknown): void;
  function spinner(on: boolean): void;
  function skeletons(status: unknown): void;
  function report(error: unknown): void;
  function restore(messages: readonly Message[], state: unknown): void;
  function snapshotOfThisThread(): StoredThread;
  type Todos = { todos: { title: string; done: boolean }[] };
  // made by an earlier block of the same page
  const chat: ChatClient;
  const loop: RunLoop;
  const store: ThreadStore;
  const thread: Thread;
  const events: readonly unknown[];
  const recordedEvents: readonly unknown[];
  const input: RunAgentInput;
  const event: AGUIEvent;
}
export {};
