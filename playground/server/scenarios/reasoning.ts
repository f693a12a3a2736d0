import { RunIds, reasoning as reasoningSpan, runFinished, runStarted, textMessage } from "../events.js";
import type { Scenario } from "../scenario.js";

export const THOUGHTS = `The user wants to know how long to stay in Lisbon. A first visit usually covers the
historic centre (Alfama, Baixa, Chiado), Belém, and maybe a day trip to Sintra. The centre
needs about two days at a relaxed pace, Belém half a day, Sintra a full day because of the
train and the hills. That adds up to three and a half days, so four nights is the honest
answer; three works if they skip Sintra. I should also mention that Monday closures affect
several museums, so the plan should not put Belém on a Monday.`;

export const ANSWER = `**Four nights** is the sweet spot for a first visit:

- two days for Alfama, Baixa and Chiado at a relaxed pace,
- half a day in Belém (not on a Monday, when most museums close),
- a full day for Sintra.

If you skip Sintra, three nights are enough.`;

export const reasoning: Scenario = {
  name: "reasoning",
  title: "Reasoning",
  description:
    "The agent thinks out loud before answering; its reasoning is kept folded away above the answer.",
  prompt: "How many nights should I spend in Lisbon?",
  variants: [],
  *run(input) {
    const ids = new RunIds(input.runId);
    yield runStarted(input);
    yield* reasoningSpan(ids.next("reasoning"), THOUGHTS.replaceAll("\n", " "));
    yield* textMessage(ids.next("msg"), ANSWER);
    yield runFinished(input);
  },
};
