// The markdown a chat model writes, generated deterministically to any length: sections with a
// heading, paragraphs with emphasis, inline code and links, lists (nested), a table, a quote and
// fenced code. Each lane streams the very same text in the very same deltas.
import { createRandom } from "../../../generate.js";

const WORDS = ["the", "stream", "renders", "each", "block", "once", "and", "patches", "only", "what", "is", "open", "while", "tokens", "arrive", "from", "agent", "server", "client", "message"];

function sentence(random: () => number): string {
  const words: string[] = [];
  const count = 6 + Math.floor(random() * 10);
  for (let i = 0; i < count; i++) {
    let word = WORDS[Math.floor(random() * WORDS.length)]!;
    const style = random();
    if (style < 0.06) word = `**${word}**`;
    else if (style < 0.1) word = `*${word}*`;
    else if (style < 0.14) word = `\`${word}()\``;
    else if (style < 0.16) word = `[${word}](https://example.com/${word})`;
    words.push(word);
  }
  const text = words.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

const paragraph = (random: () => number): string => Array.from({ length: 2 + Math.floor(random() * 3) }, () => sentence(random)).join(" ");

function section(random: () => number, index: number): string {
  const blocks = [`## Part ${index + 1}: ${sentence(random).slice(0, 30)}`, paragraph(random)];
  const kind = index % 4;
  if (kind === 0) blocks.push(Array.from({ length: 4 }, (_, i) => (i === 2 ? `- ${sentence(random)}\n  - ${sentence(random)}` : `- ${sentence(random)}`)).join("\n"));
  if (kind === 1) blocks.push("```ts\n" + Array.from({ length: 8 }, (_, i) => `const value${i} = compute(${i}, "${WORDS[i]}"); // ${WORDS[i + 1]}`).join("\n") + "\n```");
  if (kind === 2) blocks.push(["| name | value | note |", "| --- | ---: | --- |", ...Array.from({ length: 5 }, (_, i) => `| ${WORDS[i]} | ${i * 7} | ${WORDS[i + 3]} |`)].join("\n"));
  if (kind === 3) blocks.push(`> ${sentence(random)}\n> ${sentence(random)}`, `1. ${sentence(random)}\n2. ${sentence(random)}\n3. ${sentence(random)}`);
  blocks.push(paragraph(random));
  return blocks.join("\n\n");
}

/** At least `length` characters of markdown (whole sections), the same for the same seed. */
export function markdownText(length: number, seed = 7): string {
  const random = createRandom(seed);
  const sections: string[] = [];
  let size = 0;
  for (let i = 0; size < length; i++) {
    const next = section(random, i);
    sections.push(next);
    size += next.length + 2;
  }
  return sections.join("\n\n");
}

/** Model-sized deltas (2–8 characters) of `text`. */
export function deltasOf(text: string, seed = 11): string[] {
  const random = createRandom(seed);
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 2 + Math.floor(random() * 7);
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}
