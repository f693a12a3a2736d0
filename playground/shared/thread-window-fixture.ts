// The page side of the ThreadWindow Chromium tests (e2e/thread-window.e2e.test.ts): a chat over a
// 100,000-message thread whose agent is scripted in the page (each run streams the next answer
// one token per frame), and `window.fixture` for the test to drive it: ask, regenerate, switch a
// branch, load earlier history. The Svelte and Vue fixture pages (src/fixtures/ of each app) render
// it with their <ThreadWindow>; the server renders the same thread from the same history.
import { ChatClient, messageBranches, type AgentSource, type Message } from "@threadline/core";
import type { ThreadWindowHandle } from "@threadline/core/thread-window";
import type { EventSink, RunEnd } from "@threadline/core/transport";

export interface ThreadWindowFixture {
  readonly chat: ChatClient;
  /** Set by the page once its <ThreadWindow> is mounted. */
  view: ThreadWindowHandle | undefined;
  /** How many times the window called onReachStart. */
  reachedStart: number;
  /** Sends `text`; the answer streams `tokens`, `perFrame` of them a frame. Resolves when the turn is over. */
  ask(text: string, tokens: readonly string[], perFrame?: number): Promise<void>;
  /** Regenerates the last answer (the old one stays a branch) with `tokens`. */
  regenerate(tokens: readonly string[], perFrame?: number): Promise<void>;
  /** Loads `count` earlier messages above the thread (chat.setMessages, which keeps the held messages' nodes). */
  prepend(count: number): void;
}

declare global {
  interface Window {
    fixture: ThreadWindowFixture;
  }
}

export const FIXTURE_MESSAGES = 100_000;
export const FIXTURE_THREAD = "thread-window-fixture";

const WORDS = "the tram climbs past tiled houses while the river shines below and a bakery sells warm custard tarts to early walkers".split(" ");

/** A small seeded generator: the server and the page must build the same history. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sentence(random: () => number, words: number): string {
  const picked: string[] = [];
  for (let i = 0; i < words; i++) picked.push(WORDS[Math.floor(random() * WORDS.length)]!);
  const text = picked.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/**
 * `count` messages, user and assistant in turn, of very different heights: one-line questions,
 * answers from a sentence to several paragraphs, some with a list or a code block (markdown).
 */
export function fixtureHistory(count: number, prefix = "m", seed = 7): Message[] {
  const random = seeded(seed);
  const messages: Message[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}${i}`;
    if (i % 2 === 0) {
      messages.push({ id, role: "user", content: sentence(random, 4 + Math.floor(random() * 8)) });
      continue;
    }
    const paragraphs: string[] = [];
    const length = 1 + Math.floor(random() * 4);
    for (let p = 0; p < length; p++) {
      const sentences: string[] = [];
      for (let s = 1 + Math.floor(random() * 5); s > 0; s--) sentences.push(sentence(random, 6 + Math.floor(random() * 10)));
      paragraphs.push(sentences.join(" "));
    }
    if (i % 7 === 1) paragraphs.push(["- one stop", "- two stops", "- three stops"].join("\n"));
    if (i % 13 === 3) paragraphs.push(["```ts", "const tram = 28;", "console.log(tram);", "```"].join("\n"));
    messages.push({ id, role: "assistant", content: paragraphs.join("\n\n") });
  }
  return messages;
}

/** The next frame (the page renders between tokens, as a streamed answer does). */
function frame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** The chat both fixture pages render: branching on, no presence or storage, a scripted agent. */
export function fixtureChat(): { chat: ChatClient; script: (tokens: readonly string[], perFrame: number) => void } {
  const scripts: { tokens: readonly string[]; perFrame: number }[] = [];
  let runs = 0;
  const agent: AgentSource = {
    async run(input, sink: EventSink): Promise<RunEnd> {
      const next = scripts.shift() ?? { tokens: ["(no script)"], perFrame: 1 };
      const messageId = `answer-${++runs}`;
      const { threadId, runId } = input;
      sink.onEvent({ type: "RUN_STARTED", threadId, runId });
      sink.onEvent({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
      for (let i = 0; i < next.tokens.length; i += next.perFrame) {
        if (sink.signal.aborted) return "aborted";
        for (const delta of next.tokens.slice(i, i + next.perFrame)) sink.onEvent({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
        await frame();
      }
      sink.onEvent({ type: "TEXT_MESSAGE_END", messageId });
      sink.onEvent({ type: "RUN_FINISHED", threadId, runId });
      return "completed";
    },
  };
  const chat = new ChatClient({
    agent,
    threadId: FIXTURE_THREAD,
    messages: fixtureHistory(FIXTURE_MESSAGES),
    branching: messageBranches(),
    presence: false,
  });
  return { chat, script: (tokens, perFrame) => scripts.push({ tokens, perFrame }) };
}

/** Installs `window.fixture` over the page's chat. */
export function installFixture(chat: ChatClient, script: (tokens: readonly string[], perFrame: number) => void): ThreadWindowFixture {
  let earlier = 0;
  const fixture: ThreadWindowFixture = {
    chat,
    view: undefined,
    reachedStart: 0,
    async ask(text, tokens, perFrame = 1) {
      script(tokens, perFrame);
      const result = await chat.sendMessage(text);
      if (result.status === "failed") throw new Error(`the turn failed: ${result.error.message}`);
    },
    async regenerate(tokens, perFrame = 1) {
      script(tokens, perFrame);
      const result = await chat.regenerate();
      if (result.status === "failed") throw new Error(`the turn failed: ${result.error.message}`);
    },
    prepend(count) {
      const older = fixtureHistory(count, `earlier${++earlier}-`, 100 + earlier);
      chat.setMessages([...older, ...chat.thread.toMessages()]);
    },
  };
  window.fixture = fixture;
  return fixture;
}
