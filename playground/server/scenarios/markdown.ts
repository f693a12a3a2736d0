import { EventType } from "@ag-ui/core";
import { RunIds, runFinished, runStarted, textMessage } from "../events.js";
import type { Scenario } from "../scenario.js";

const REPLY = `## Three days in Lisbon

Lisbon rewards slow walking: it is built on **seven hills**, and the best views come at the top
of the steepest streets. Here is a plan that keeps the climbing reasonable.

### Day by day

1. **Alfama and the castle.** Start early at *Castelo de São Jorge*, then wander down through
   Alfama's alleys to the Sé cathedral.
2. **Belém.** Take tram 15 to the Jerónimos Monastery and the tower, and queue for *pastéis de
   nata* at the original bakery.
3. **Chiado and Bairro Alto.** Bookshops and cafés by day, *miradouros* at sunset, dinner late.

### What to pack

- Shoes with grip: the *calçada* pavement is polished limestone and slippery when wet
- A light jacket for the wind off the Tagus
- A reusable card for the metro, trams and the Santa Justa lift

> Tip: tram 28 is famous and therefore packed. Ride it early in the morning, or walk the route.

### Costs at a glance

| Item | Typical price | Notes |
| --- | ---: | --- |
| Metro or bus ride | €1.85 | cheaper with a rechargeable card |
| Tram 28 | €3.20 | on board; free with the Lisboa Card |
| Pastel de nata | €1.40 | worth the queue |
| Fado dinner | €45 | book ahead in Alfama |

### Splitting a bill

If you are travelling as a group, a few lines of TypeScript settle who owes what:

\`\`\`ts
type Expense = { payer: string; amount: number };

function balances(expenses: Expense[], people: string[]): Map<string, number> {
  const share = expenses.reduce((sum, e) => sum + e.amount, 0) / people.length;
  const result = new Map(people.map((p) => [p, -share]));
  for (const e of expenses) result.set(e.payer, (result.get(e.payer) ?? 0) + e.amount);
  return result; // positive: is owed money; negative: owes money
}
\`\`\`

Enjoy the trip, and remember that \`obrigado\` (or \`obrigada\`) goes a long way.`;

export const markdown: Scenario = {
  name: "markdown",
  title: "Markdown answer",
  description:
    "A long formatted answer streamed piece by piece: headings, lists, a quote, a table and a code block.",
  prompt: "Plan three days in Lisbon for me.",
  variants: [],
  *run(input) {
    const ids = new RunIds(input.runId);
    yield runStarted(input);
    // The scripted "model" reports what it spent, as a real one does: one output token per delta.
    let outputTokens = 0;
    for (const event of textMessage(ids.next("msg"), REPLY)) {
      if (event.type === EventType.TEXT_MESSAGE_CONTENT) outputTokens++;
      yield event;
    }
    const inputTokens = input.messages.reduce((sum, m) => sum + (typeof m.content === "string" ? Math.ceil(m.content.length / 4) : 0), 0);
    yield runFinished(input, undefined, [
      { provider: "playground", model: "scripted-writer", inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    ]);
  },
};

/** The full text the scenario streams, for tests. */
export const MARKDOWN_REPLY = REPLY;
