// A thread with 100,000 earlier messages: a connect (AG-UI connect, before the first message)
// replays them in one MESSAGES_SNAPSHOT (about 25 MB); a run then streams a short reply below
// them. Both apps draw it with <ThreadWindow>: a screenful of rows, scrolled through, searched,
// streamed into at the cost of the one message that grows.
import { EventType, type Message, type RunAgentInput } from "@ag-ui/core";
import { RunIds, runFinished, runStarted, textMessage } from "../events.js";
import { seededRandom, type Random } from "../random.js";
import type { Scenario, Step } from "../scenario.js";

export const HISTORY_LENGTH = 100_000;

const QUESTIONS = [
  "Is it worth getting the Lisboa Card?",
  "Which neighbourhood should we stay in with kids?",
  "How do I get from the airport to the centre late at night?",
  "What should we eat that we can't get at home?",
  "Can you compare Sintra and Cascais for a day trip?",
  "Is tap water safe to drink?",
  "How much should I tip in restaurants?",
  "What's the best viewpoint for sunset?",
  "Do we need to book the Jerónimos Monastery in advance?",
  "Are the trams accessible with a stroller?",
  "What's a good rainy-day plan?",
  "Where can I hear fado that isn't a tourist trap?",
];
const FOLLOW_UPS = ["Thanks!", "Got it.", "And in the evening?", "What if it rains?", "How long does that take?", "Is that expensive?"];
const SENTENCES = [
  "It depends a little on how much you plan to ride public transport.",
  "Most visitors find the centre walkable, but the hills add up by the end of the day.",
  "Booking ahead is a good idea from May to September, when queues get long.",
  "The train from Cais do Sodré runs every twenty minutes and follows the coast.",
  "Restaurants bring bread, olives and cheese to the table; you pay only for what you eat.",
  "A tip of five to ten percent is appreciated but never expected.",
  "The metro closes around one in the morning, after which taxis and ride-hailing are the options.",
  "Miradouro da Senhora do Monte is higher and quieter than the famous ones.",
  "Many museums are closed on Mondays, so plan Belém for another day.",
  "Pastelarias open early and are the cheapest breakfast in town.",
  "Tram 28 gets crowded by mid-morning; bus 737 reaches the castle with less fuss.",
  "In winter it rains in bursts, so a small umbrella is more useful than a heavy coat.",
  "Sintra's palaces are spread out, and the 434 bus loops between them.",
  "Cascais is flatter, with a long seaside promenade that is easy with children.",
  "The tap water is safe and tastes fine; bring a refillable bottle.",
  "Small tascas in Graça and Campo de Ourique serve lunch menus at local prices.",
];
const LIST_LEADS = ["A quick summary:", "In short:", "Here is how I would order it:"];

function sentences(random: Random, min: number, max: number): string {
  const count = random.int(min, max);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(random.pick(SENTENCES));
  return parts.join(" ");
}

function assistantText(random: Random): string {
  const body = sentences(random, 1, 6);
  if (random.next() < 0.25) {
    const items = [1, 2, 3].map(() => `- ${random.pick(SENTENCES)}`).join("\n");
    return `${body}\n\n${random.pick(LIST_LEADS)}\n\n${items}`;
  }
  return body;
}

/** The history's roles and texts, made once (about a second): a connect only names them for its thread. */
let texts: readonly (readonly ["user" | "assistant", string])[] | undefined;

function historyTexts(): readonly (readonly ["user" | "assistant", string])[] {
  if (texts !== undefined) return texts;
  const random = seededRandom("long-thread");
  const made: (readonly ["user" | "assistant", string])[] = [];
  for (let i = 0; i < HISTORY_LENGTH; i++) {
    if (i % 2 === 0) made.push(["user", random.next() < 0.3 ? random.pick(FOLLOW_UPS) : random.pick(QUESTIONS)]);
    else made.push(["assistant", assistantText(random)]);
  }
  return (texts = made);
}

/** The same 100,000 messages every time (ids carry the thread id). */
export function history(threadId: string): Message[] {
  return historyTexts().map(([role, content], i) => ({ id: `${threadId}-history-${String(i).padStart(5, "0")}`, role, content }));
}

/** The thread's first history message, by which a request shows the client holds the history. */
const firstHistoryId = (threadId: string) => `${threadId}-history-00000`;

/**
 * AG-UI connect: the thread as this agent holds it, as one MESSAGES_SNAPSHOT — the history, then
 * whatever the client sent beyond it. A client connects before its first message, so the history
 * is the start of the thread (a client keeps messages it already holds where they are).
 */
function* connect(input: RunAgentInput): Generator<Step> {
  yield runStarted(input);
  const extra = input.messages.filter((m) => !m.id.startsWith(`${input.threadId}-history-`));
  yield { type: EventType.MESSAGES_SNAPSHOT, messages: [...history(input.threadId), ...extra] };
  yield runFinished(input);
}

function* script(input: RunAgentInput): Generator<Step> {
  const ids = new RunIds(input.runId);
  yield runStarted(input);
  const loaded = input.messages.some((m) => m.id === firstHistoryId(input.threadId));
  yield* textMessage(
    ids.next("msg"),
    loaded
      ? `This thread holds ${input.messages.length.toLocaleString("en-US")} messages. Only the ones on screen are drawn: scroll up through them, and only the message being streamed changes while I type.`
      : "This thread's history is not loaded yet. Load it first (AG-UI connect: the “Load the thread's history” button, or POST /agent/connect), then ask again.",
  );
  yield runFinished(input);
}

export const longThread: Scenario = {
  name: "long-thread",
  title: "100,000-message thread",
  description:
    "A conversation with 100,000 earlier messages, loaded from the agent in one go. Only the messages on screen are drawn: load it, scroll through it, then ask something — the reply streams in below them without slowing down.",
  prompt: "How long is this thread?",
  variants: [],
  run: (input) => script(input),
  connect: (input) => connect(input),
};
