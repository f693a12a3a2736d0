// @vitest-environment jsdom
// "Streaming markdown, correct": when the stream ends the drawing is the one-shot drawing of the
// whole text — reference definitions at the end included — and the streaming view's repairs stay
// local. One test per defect found by the differential of issue 41, then the streamed-vs-one-shot
// property on real documents (installed packages' READMEs, which end with their definitions),
// with CRLF and lone-CR line breaks and fences in a row.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createMarkdownStream, renderMarkdown, type MarkdownStream } from "../../src/markdown/index.js";
import { parserFor } from "../../src/markdown/parser.js";
import { installedReadmes } from "./readmes.js";

const oneShot = (text: string): string => {
  const element = document.createElement("div");
  renderMarkdown(element, text, { highlighter: false });
  return element.innerHTML;
};

/** Streams `text` in deltas of `sizes` (cycled); returns the element, the stream and what the deltas did to settled nodes. */
function streamed(text: string, sizes: readonly number[] = [1]): { element: HTMLElement; stream: MarkdownStream; settledTouched: number } {
  const element = document.createElement("div");
  const stream = createMarkdownStream(element, { highlighter: false });
  const observer = new MutationObserver(() => {});
  observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
  let settledTouched = 0;
  const settled: Node[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length]!;
    stream.append(text.slice(at, at + size));
    at += size;
    for (const record of observer.takeRecords()) {
      if (settled.some((node) => node.contains(record.target) || Array.from(record.removedNodes).includes(node))) settledTouched++;
    }
    for (let k = settled.length; k < stream.settledNodes; k++) settled.push(element.childNodes[k]!);
  }
  observer.disconnect();
  return { element, stream, settledTouched };
}

/** Streams `deltas` as they are; returns the element and the stream. */
function streamedDeltas(deltas: readonly string[]): { element: HTMLElement; stream: MarkdownStream } {
  const element = document.createElement("div");
  const stream = createMarkdownStream(element, { highlighter: false });
  for (const delta of deltas) stream.append(delta);
  return { element, stream };
}

/** What a stream of `text` shows after its last delta (still streaming). */
const midStream = (deltas: readonly string[]): string => {
  const element = document.createElement("div");
  const stream = createMarkdownStream(element, { highlighter: false });
  for (const delta of deltas) stream.append(delta);
  return element.innerHTML;
};

describe("reference definitions at the end of a document", () => {
  const text = "# Tool\n\nRead [the guide][guide] and see [api].\n\n- [Install][install]\n- Unrelated item\n\nA paragraph with no links.\n\n[guide]: https://example.com/guide \"Guide\"\n[api]: https://example.com/api\n[install]: https://example.com/install\n";

  it("are links once the stream ends, as in the one-shot drawing", () => {
    const { element, stream } = streamed(text, [3]);
    // While streaming, a label whose definition has not come shows its text, without brackets.
    expect(element.querySelector("p")!.textContent).toBe("Read the guide and see api.");
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(text));
    expect(element.querySelectorAll("a[href^='https://example.com/']")).toHaveLength(3);
  });

  it("only the blocks that used a label defined later are drawn again, once", () => {
    const { element, stream } = streamed(text, [5]);
    const [heading, paragraph, list, plain] = Array.from(element.children);
    const observer = new MutationObserver(() => {});
    observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
    stream.setStreaming(false);
    const touched = new Set(observer.takeRecords().map((record) => Array.from(element.children).find((child) => child.contains(record.target) || child === record.target)));
    expect(touched.has(paragraph)).toBe(true);
    expect(touched.has(list)).toBe(true);
    expect(touched.has(heading)).toBe(false);
    expect(touched.has(plain)).toBe(false);
    // Same elements, new content: the redraw patches, it does not replace the blocks.
    expect(element.children[1]).toBe(paragraph);
  });

  it("a label never defined ends as the literal text, as one-shot", () => {
    const literal = "Arrays: a[0] and [not a link].\n\nNext.\n\nLast.";
    const { element, stream } = streamed(literal, [2]);
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(literal));
  });

  it("a stream that is not streaming (no flag) draws the links as soon as the definitions come", () => {
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { highlighter: false });
    stream.setStreaming(false);
    for (let at = 0; at < text.length; at += 4) stream.append(text.slice(at, at + 4));
    expect(element.innerHTML).toBe(oneShot(text));
  });

  it("the first definition of a duplicated label wins (CommonMark), in settled blocks too", () => {
    const duplicated = "Intro.\n\n[a]: https://one.example/\n\nMiddle.\n\n[a]: https://two.example/\n\nSee [a].\n\nAgain [a].\n\nEnd.";
    const { element, stream } = streamed(duplicated, [1]);
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(duplicated));
    expect([...element.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["https://one.example/", "https://one.example/"]);
  });

  it("a block that settles while its definition is half-written gets the whole URL at the end", () => {
    const deltas = ["Read [a].\n\nNext paragraph.\n\n[a]: https://exa", "mple.com/full \"Ti", "tle\"\n"];
    const { element, stream } = streamedDeltas(deltas);
    // "Read [a]." settled with the definition's first half.
    expect(stream.settledNodes).toBe(1);
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(deltas.join("")));
    expect(element.querySelector("a")!.getAttribute("href")).toBe("https://example.com/full");
  });

  it("a settling cut never lands inside a definition", () => {
    // The closing fence line is whole in the delta that brings `[o]:` and its destination on the next line.
    const deltas = ["~~~\n~~~", "\n[o]:\nt", "\n\n[o]\n"];
    const { element, stream } = streamedDeltas(deltas);
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(deltas.join("")));
    expect(element.querySelector("a")?.getAttribute("href")).toBe("t");
  });

  it("a title on the next lines stays the definition's, not a stray paragraph", () => {
    const text = "Intro.\n\n[a]: /url\n'a title\non two lines'\n\nSee [a].\n\nEnd.";
    for (const size of [1, 2, 7]) {
      const { element, stream } = streamed(text, [size]);
      stream.setStreaming(false);
      expect(element.innerHTML).toBe(oneShot(text));
      expect(element.querySelector("a")!.getAttribute("title")).toBe("a title\non two lines");
    }
  });

  it("plain words do not skip the parse when a quote may close a definition's title", () => {
    // The paragraph under the definition is its title being written: the closing quote makes it vanish.
    expect(midStream(["Intro.\n\n[a]: /url\n'the\ntitle", " here'"])).toBe("<p>Intro.</p>");
  });
});

describe("the unterminated-syntax repair is local", () => {
  it("closes what is open innermost first: bold code, not a code span holding `**`", () => {
    expect(midStream(["- **`ca"])).toBe("<ul><li><strong><code>ca</code></strong></li></ul>");
  });

  it("never closes, in the paragraph being written, what an earlier paragraph left open", () => {
    const shown = midStream(["Set the _id field.\n\nThen"]);
    expect(shown).toBe("<p>Set the _id field.</p><p>Then</p>");
  });
});

describe("code fences", () => {
  it("a fence right after a closed fence takes the fast path: no parse per delta", () => {
    const spy = vi.spyOn(parserFor(undefined), "parse");
    try {
      const element = document.createElement("div");
      const stream = createMarkdownStream(element, { highlighter: false });
      // The first fence closes (and settles) before the blank line and the next fence come.
      for (const delta of ["```\na\n", "```\n", "\n```js\n"]) stream.append(delta);
      spy.mockClear();
      for (let i = 0; i < 40; i++) stream.append(`const v${i} = ${i};\n`);
      expect(spy).not.toHaveBeenCalled();
      expect(element.querySelectorAll("code")[1]!.textContent).toContain("const v39 = 39;\n");
    } finally {
      spy.mockRestore();
    }
  });

  it("shows no half-written closing line, on the fast path or not", () => {
    // In a list item the fence is drawn from a parse (not the fast path).
    for (const [text, code] of [
      ["```\na\n```\n\n```js\nx = 1\n``", "x = 1\n"],
      ["- item\n\n  ```js\n  x = 1\n  ``", "x = 1\n"],
    ] as const) {
      const element = document.createElement("div");
      const stream = createMarkdownStream(element, { highlighter: false });
      for (const char of text) stream.append(char);
      expect(element.querySelector(".tl-code[data-streaming] code")!.textContent).toBe(code);
    }
  });

  it("CRLF shows no raw CR in the code while streaming, and a CR split from its LF counts once", () => {
    const open = "Run:\r\n\r\n```js\r\nconst a = 1;\r\nconst b = 2;\r\n";
    const text = `${open}\`\`\`\r\n\r\nDone.\r\n`;
    for (const size of [1, 2, 3, 5]) {
      const { element } = streamed(open, [size]);
      expect(element.querySelector("code")!.textContent).toBe("const a = 1;\nconst b = 2;\n");
      const { element: ended, stream } = streamed(text, [size]);
      stream.setStreaming(false);
      expect(ended.innerHTML).toBe(oneShot(text));
    }
  });

  it("a lone CR is a line break, as markdown-it reads it: no paragraph is lost", () => {
    // A CR inside the first paragraph, LFs after it: counting LFs only, the cut after it falls a line late.
    const text = "One line\rand the next.\n\nSecond paragraph.\n\nThird.\r\r- a list\n- of two\n\nLast.";
    for (const size of [1, 3, 4, 9]) {
      const { element, stream } = streamed(text, [size]);
      stream.setStreaming(false);
      expect(element.innerHTML).toBe(oneShot(text));
      expect(element.querySelectorAll("p")).toHaveLength(4);
    }
  });

  it("a fence's info string is unescaped: `foo\\+bar` keeps its language", () => {
    for (const text of ["```foo\\+bar\ncode\n```\n", "```c\\#\nx\n```"]) {
      const element = document.createElement("div");
      renderMarkdown(element, text, { highlighter: false });
      const streamedElement = streamed(text).element;
      expect(element.querySelector(".tl-code")!.getAttribute("data-lang")).toBe(text.startsWith("```foo") ? "foo+bar" : "c#");
      expect(streamedElement.querySelector(".tl-code")!.getAttribute("data-lang")).toBe(element.querySelector(".tl-code")!.getAttribute("data-lang"));
    }
  });
});

describe("streamed, then ended, equals one-shot on real documents", () => {
  // READMEs that end with their link definitions, read from the installed packages.
  const withDefinitions = installedReadmes(1_000, 16_000).filter((doc) => /\n\[[^\]\n]+\]:\s*\S+\s*$/.test(doc.text.trimEnd()));
  // Every fence of a README, one after another (with and without a blank line between).
  const fencesInARow = installedReadmes(1_000, 16_000)
    .map((doc) => doc.text.match(/^```[^\n]*\n[\s\S]*?\n```$/gm) ?? [])
    .filter((fences) => fences.length >= 3)
    .map((fences, i) => fences.join(i % 2 === 0 ? "\n" : "\n\n"));

  it("finds documents of both kinds installed", () => {
    expect(withDefinitions.length).toBeGreaterThanOrEqual(20);
    expect(fencesInARow.length).toBeGreaterThanOrEqual(10);
  });

  it("every delta size, CRLF or CR line breaks: the end is the one-shot drawing, no settled block touched before", () => {
    const documents = [...withDefinitions.map((doc) => doc.text), ...fencesInARow];
    fc.assert(
      fc.property(
        fc.constantFrom(...documents),
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
        (document, lineBreak, sizes) => {
          const text = document.replace(/\r?\n/g, lineBreak);
          const { element, stream, settledTouched } = streamed(text, sizes);
          expect(settledTouched).toBe(0);
          stream.setStreaming(false);
          expect(element.innerHTML).toBe(oneShot(text));
        },
      ),
      { numRuns: 30 },
    );
  });
});
