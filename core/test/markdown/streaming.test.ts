// @vitest-environment jsdom
// The differential: a stream of any text, cut into deltas of any sizes, ends as the one-shot
// render of the whole text; and a settled block's DOM is never touched after it settled.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createMarkdownStream, mathPlugin, renderMarkdown, type MarkdownPlugin, type MarkdownStream } from "../../src/markdown/index.js";
import { parserFor } from "../../src/markdown/parser.js";
import { ANSWERS } from "./answers.js";
import { CORPUS } from "./corpus.js";

const oneShot = (text: string): string => {
  const element = document.createElement("div");
  renderMarkdown(element, text, { highlighter: false });
  return element.innerHTML;
};

/** Streams `text` in deltas of `sizes` (cycled), checking settled nodes after each delta. */
function streamChecked(text: string, sizes: readonly number[]): { element: HTMLElement; stream: MarkdownStream; settledTouched: number } {
  const element = document.createElement("div");
  const stream = createMarkdownStream(element, { highlighter: false });
  const settled: Node[] = [];
  let settledTouched = 0;
  const observer = new MutationObserver(() => {});
  observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length]!;
    stream.append(text.slice(at, at + size));
    at += size;
    for (const record of observer.takeRecords()) {
      const touched = settled.some((node) => node.contains(record.target) || Array.from(record.removedNodes).includes(node));
      if (touched) settledTouched++;
    }
    for (let k = 0; k < settled.length; k++) expect(element.childNodes[k]).toBe(settled[k]);
    for (let k = settled.length; k < stream.settledNodes; k++) settled.push(element.childNodes[k]!);
  }
  observer.disconnect();
  return { element, stream, settledTouched };
}

describe("streaming markdown", () => {
  it("ends as the one-shot render, whatever the delta sizes, and never touches a settled block", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CORPUS), fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 8 }), (text, sizes) => {
        const { element, stream, settledTouched } = streamChecked(text, sizes);
        expect(settledTouched).toBe(0);
        expect(stream.settledNodes).toBeGreaterThan(0);
        stream.setStreaming(false);
        expect(element.innerHTML).toBe(oneShot(text));
      }),
      { numRuns: 40 },
    );
  });

  it("settles all but the last blocks, one character at a time", () => {
    for (const text of CORPUS) {
      const { element, stream, settledTouched } = streamChecked(text, [1]);
      expect(settledTouched).toBe(0);
      // At the end only the last block is open, and the one before it while the last block's
      // first line has no line break yet (it could still continue the block before).
      expect(element.childNodes.length - stream.settledNodes).toBeLessThanOrEqual(2);
      expect(stream.settledNodes).toBeGreaterThan(element.childNodes.length - 3);
      stream.setStreaming(false);
      expect(element.innerHTML).toBe(oneShot(text));
    }
  });

  it("a reset (snapshot or replaced text) draws the new text at once", () => {
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { highlighter: false });
    stream.append(CORPUS[0]!.slice(0, 300));
    stream.setStreaming(false);
    stream.reset(CORPUS[1]!);
    expect(element.innerHTML).toBe(oneShot(CORPUS[1]!));
  });

  it("draws unterminated syntax as if closed while streaming, and as written at the end", () => {
    const cases: [string, string][] = [
      ["Hello **wor", "<p>Hello <strong>wor</strong></p>"],
      ["Hello *wor", "<p>Hello <em>wor</em></p>"],
      ["Run `pnpm i", "<p>Run <code>pnpm i</code></p>"],
      ["See [the docs](https://exa", "<p>See the docs</p>"],
      ["Gone ~~old", "<p>Gone <s>old</s></p>"],
    ];
    for (const [text, streaming] of cases) {
      const element = document.createElement("div");
      const stream = createMarkdownStream(element, { highlighter: false });
      for (const char of text) stream.append(char);
      expect(element.innerHTML).toBe(streaming);
      stream.setStreaming(false);
      expect(element.innerHTML).toBe(oneShot(text));
    }
  });

  it("keeps the open block's nodes while it grows: a long paragraph's <p> and text node stay", () => {
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { highlighter: false });
    stream.append("A paragraph that ");
    const p = element.firstChild!;
    const text = p.firstChild!;
    for (const word of "keeps growing with plain words for a while".split(" ")) stream.append(`${word} `);
    expect(element.firstChild).toBe(p);
    expect(p.firstChild).toBe(text);
    expect(stream.counts.removed).toBe(0);
  });

  it("plain words skip the parse and draw what a parse of the same text draws, after every delta", () => {
    // Pieces that sit on every edge of the plain-words path: markers at a line start, dots that
    // make links, delimiters, trailing spaces, CJK and emoji.
    const pieces = ["word", "Foo", "bar ", " ", "  ", ".", ". ", "e.g", "example", ".com", "www", "http", "://", "a@b", "1", "1. ", "2)", "\n", "\n\n", "> ", "- ", "* ", "+ ", "# ", "=", "---", "|", " | ", "**", "*", "_", "`", "~~", "[", "]", "(", ")", "[x]: /u", "!", "'", '"', "$", "&amp;", "&", "\\", "\t", "    ", "中文", "😀", "-word", ",", ";", "?"];
    // `[x]` used in a block before a line that defines it (fast-check found "[x]: /u2)\n\nword\n\n[x]: /").
    const definedAfterUse = (text: string): boolean => {
      const definition = text.search(/\n\[x\]:/);
      return definition > 0 && text.slice(0, definition).includes("[x]");
    };
    const fresh = (text: string): string => {
      const element = document.createElement("div");
      createMarkdownStream(element, { highlighter: false }).reset(text);
      return element.innerHTML;
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), (parts, sizes) => {
        const text = parts.join("");
        const element = document.createElement("div");
        const stream = createMarkdownStream(element, { highlighter: false });
        let at = 0;
        for (let i = 0; at < text.length; i++) {
          const size = sizes[i % sizes.length]!;
          stream.append(text.slice(at, at + size));
          at += size;
          // The documented exception: a settled block whose label is defined further down gets its
          // link once, at the end (checked below), not while the definition streams in.
          const prefix = text.slice(0, at);
          if (definedAfterUse(prefix)) continue;
          expect(element.innerHTML, JSON.stringify(prefix)).toBe(fresh(prefix));
        }
        stream.setStreaming(false);
        expect(element.innerHTML).toBe(oneShot(text));
      }),
      // The case fast-check once found, kept: it must pass on every run, not one seed in many.
      { numRuns: 300, examples: [[["[x]: /u", "2)", "\n\n", "word", "\n\n", "[x]: /u", "word"], [1]]] },
    );
    // Every prefix of the forty chat answers, the repairs and held lines included.
    for (const text of ANSWERS) {
      const element = document.createElement("div");
      const stream = createMarkdownStream(element, { highlighter: false });
      for (let at = 0; at < text.length; at += 3) {
        stream.append(text.slice(at, at + 3));
        expect(element.innerHTML).toBe(fresh(text.slice(0, at + 3)));
      }
    }
  });

  it("parses no plain word of a paragraph, and every delta with a plugin of unknown syntax", () => {
    const words = "then more plain words, with commas and a full stop. Then the next sentence".split(/(?<= )/);
    const parses = (plugins: readonly MarkdownPlugin[] | undefined): number => {
      const spy = vi.spyOn(parserFor(plugins), "parse");
      try {
        const stream = createMarkdownStream(document.createElement("div"), { highlighter: false, ...(plugins ? { plugins } : {}) });
        stream.append("A paragraph ");
        spy.mockClear();
        for (const word of words) stream.append(word);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(parses(undefined)).toBe(0);
    expect(parses([mathPlugin({ typeset: () => {} })])).toBe(0);
    expect(parses([{ name: "unknown", parser: () => {} }])).toBe(words.length);
  });

  it("an open table grows row by row; half a row shows its cells", () => {
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { highlighter: false });
    stream.append("| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 ");
    const table = element.querySelector("table")!;
    expect(table.querySelectorAll("tbody tr")).toHaveLength(2);
    stream.append("| 4 |\n");
    expect(element.querySelector("table")).toBe(table);
    expect(table.querySelectorAll("tbody tr")[1]!.textContent).toBe("34");
  });

  it("an open fence takes each delta as appended code, and settles when its closing line is whole", () => {
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { highlighter: false });
    stream.append("```ts\nconst a = 1;\n");
    const code = element.querySelector("code")!;
    const text = code.firstChild as Text;
    stream.append("const b = 2;\n``");
    // The half-written last line may be the closing fence: held back until it is whole.
    expect(text.data).toBe("const a = 1;\nconst b = 2;\n");
    expect(element.querySelector(".tl-code")!.hasAttribute("data-streaming")).toBe(true);
    stream.append("`\n");
    expect(stream.settledNodes).toBe(1);
    expect(code.firstChild).toBe(text);
    expect(element.querySelector(".tl-code")!.hasAttribute("data-streaming")).toBe(false);
    stream.append("After.");
    expect(element.innerHTML).toBe(oneShot("```ts\nconst a = 1;\nconst b = 2;\n```\nAfter."));
  });

  it("text after unterminated syntax is not swallowed", () => {
    const text = "An `open code span\n\nand a **bold start\n\nthen a normal paragraph.";
    const { element, stream } = streamChecked(text, [3]);
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(text));
    expect(element.lastElementChild!.textContent).toBe("then a normal paragraph.");
  });

  it("reference definitions apply to the blocks after them", () => {
    const text = "[docs]: https://example.com/docs\n\nRead [the docs][docs].\n\nAgain: [docs].";
    const { element, stream } = streamChecked(text, [5]);
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(text));
    expect(element.querySelectorAll("a[href='https://example.com/docs']")).toHaveLength(2);
  });
});
