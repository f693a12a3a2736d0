// @vitest-environment jsdom
// Code blocks: Shiki loaded on first use, each finished line tokenized once while a fence streams,
// the copy button; the math plugin point; option errors and a failing plugin.
import { signal } from "@preact/signals-core";
import { describe, expect, it, vi } from "vitest";
import * as root from "../../src/index.js";
import {
  createMarkdownStream,
  MarkdownError,
  mathPlugin,
  renderMarkdown,
  shikiHighlighter,
  streamMarkdown,
  type Highlighter,
  type LineTokenizer,
  type MarkdownPlugin,
} from "../../src/markdown/index.js";

const CODE = `export function add(a: number, b: number): number {
  // the sum
  return a + b; /* a comment
  that spans lines */
}
const text = "a string";
`;
const FENCE = "```ts\n" + CODE + "```\n\nDone.";

/** Shiki, counting what its tokenizer is asked to read. */
function counted(): { highlighter: Highlighter; read: () => number } {
  const shiki = shikiHighlighter();
  let read = 0;
  return {
    read: () => read,
    highlighter: {
      async load(lang) {
        const tokenizer = (await shiki.load(lang)) as LineTokenizer | null;
        if (tokenizer === null) return null;
        return {
          initial: tokenizer.initial,
          line: (line, state) => {
            read += line.length;
            return tokenizer.line(line, state);
          },
        };
      },
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("code blocks", () => {
  it("highlight with Shiki once loaded, line by line while the fence streams, as the one-shot render does", async () => {
    const { highlighter, read } = counted();
    // Load first, so the streamed block highlights from its first delta on.
    await highlighter.load("ts");
    const streamed = document.createElement("div");
    const stream = createMarkdownStream(streamed, { highlighter });
    stream.append("```ts\n");
    await settle();
    const before = read();
    for (let at = "```ts\n".length; at < FENCE.length; at += 3) stream.append(FENCE.slice(at, at + 3));
    stream.setStreaming(false);
    const spans = streamed.querySelectorAll("code span.line");
    expect(spans.length).toBe(CODE.split("\n").length);
    expect(streamed.querySelector("code span.line span[style]")).not.toBeNull();
    // Each line is read once: the line being written shows plain until it is finished.
    expect(read() - before).toBe(CODE.length - CODE.split("\n").length + 1);

    const once = document.createElement("div");
    renderMarkdown(once, FENCE, { highlighter });
    await settle();
    expect(streamed.innerHTML).toBe(once.innerHTML);
    // The comment that spans lines is coloured as a comment on its second line too (state carried over).
    const second = Array.from(streamed.querySelectorAll("code span.line"))[3]!;
    const first = Array.from(streamed.querySelectorAll("code span.line"))[1]!;
    expect((second.firstElementChild as HTMLElement).style.color).toBe((first.lastElementChild as HTMLElement).style.color);
  });

  it("shows plain code until the highlighter has loaded, and for a language it does not know", async () => {
    const element = document.createElement("div");
    renderMarkdown(element, "```ts\nconst a = 1;\n```\n\n```brainfuck\n+++.\n```", { highlighter: shikiHighlighter() });
    const [ts, unknown] = Array.from(element.querySelectorAll("code"));
    expect(ts!.querySelector("span")).toBeNull();
    expect(ts!.textContent).toBe("const a = 1;\n");
    await vi.waitFor(() => expect(ts!.querySelector("span.line")).not.toBeNull(), { timeout: 10_000 });
    expect(ts!.textContent).toBe("const a = 1;\n");
    expect(unknown!.querySelector("span")).toBeNull();
  });

  it("the copy button copies the code", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const element = document.createElement("div");
    renderMarkdown(element, "```sh\npnpm add @threadline/core\n```", { highlighter: false });
    const button = element.querySelector<HTMLButtonElement>("button.tl-code-copy")!;
    button.click();
    expect(writeText).toHaveBeenCalledWith("pnpm add @threadline/core\n");
    await vi.waitFor(() => expect(button.textContent).toBe("Copied"));
  });

  it("app components draw code blocks, links and images, and are told of new props", () => {
    const seen: string[] = [];
    const mount =
      (kind: string) =>
      (host: HTMLElement, props: object) => {
        host.textContent = `${kind}:${JSON.stringify(props)}`;
        seen.push(`mount ${kind}`);
        return { update: (next: object) => ((host.textContent = `${kind}:${JSON.stringify(next)}`), seen.push(`update ${kind}`)), destroy: () => seen.push(`destroy ${kind}`) };
      };
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { components: { code: mount("code"), link: mount("link"), image: mount("image") }, imageOrigins: ["https://x.example"] });
    for (const char of "See [a *b*](https://x.example \"t\") ![i](https://x.example/i.png)\n\n```js\n1\n```\n") stream.append(char);
    expect(element.querySelector(".tl-md-link")!.textContent).toBe('link:{"href":"https://x.example","title":"t","text":"a b"}');
    expect(element.querySelector(".tl-md-image")!.textContent).toBe('image:{"src":"https://x.example/i.png","alt":"i","title":""}');
    expect(element.querySelector(".tl-md-code")!.textContent).toBe('code:{"code":"1\\n","lang":"js","complete":true}');
    expect(seen.filter((s) => s.startsWith("mount code"))).toHaveLength(1);
    stream.dispose();
    expect(seen).toContain("destroy code");
  });
});

describe("math plugin point", () => {
  const plugins: readonly MarkdownPlugin[] = [mathPlugin({ typeset: (tex, display, element) => element.append(`[${display ? "D" : "I"}:${tex}]`) })];

  it("hands $…$ and $$…$$ to the app's typesetter, and leaves prices alone", () => {
    const text = "Euler: $e^{i\\pi} + 1 = 0$, costs $5 and $10.\n\n$$\n\\int_0^1 x\\,dx\n$$\n\nAfter.";
    const once = document.createElement("div");
    renderMarkdown(once, text, { highlighter: false, plugins });
    expect(once.querySelector(".tl-math")!.textContent).toBe("[I:e^{i\\pi} + 1 = 0]");
    expect(once.querySelector(".tl-math-display")!.textContent).toBe("[D:\\int_0^1 x\\,dx]");
    expect(once.textContent).toContain("costs $5 and $10.");
    const streamed = document.createElement("div");
    const stream = createMarkdownStream(streamed, { highlighter: false, plugins });
    for (const char of text) stream.append(char);
    stream.setStreaming(false);
    expect(streamed.innerHTML).toBe(once.innerHTML);
  });
});

describe("errors and the message binding", () => {
  it("refuses a wrong option with a typed error naming it", () => {
    const element = document.createElement("div");
    expect(() => createMarkdownStream(element, { components: { table: () => ({ update() {}, destroy() {} }) } as never })).toThrow(MarkdownError);
    try {
      createMarkdownStream(element, { urlPolicy: "https" as never });
    } catch (error) {
      expect(error).toMatchObject({ code: "MARKDOWN_BAD_OPTION", received: { option: "urlPolicy", value: "https" } });
    }
    expect(() => streamMarkdown(element, { id: "x" } as never)).toThrow(expect.objectContaining({ code: "MARKDOWN_NOT_A_MESSAGE" }));
  });

  it("a plugin that throws shows the open block as text and reports it; the stream goes on", () => {
    const errors: MarkdownError[] = [];
    const broken: MarkdownPlugin = { name: "broken", tokens: { text: () => {} } as never, parser: (md) => md.core.ruler.push("boom", (state) => { if (state.src.includes("boom")) throw new Error("boom!"); }) };
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { highlighter: false, plugins: [broken], onError: (e) => errors.push(e) });
    stream.append("Fine.\n\nthen boom");
    expect(errors[0]).toMatchObject({ code: "MARKDOWN_RENDER_FAILED" });
    expect(element.textContent).toContain("then boom");
  });

  it("streamMarkdown follows a message's text and streaming flag", () => {
    const content = signal<string | undefined>("");
    const streaming = signal(true);
    const node = { id: "m", role: "assistant", content, streaming } as never;
    const element = document.createElement("div");
    const stop = streamMarkdown(element, node, { highlighter: false });
    content.value = "Hello **wor";
    expect(element.innerHTML).toBe("<p>Hello <strong>wor</strong></p>");
    streaming.value = false;
    expect(element.innerHTML).toBe("<p>Hello **wor</p>");
    stop();
    expect(element.innerHTML).toBe("");
  });

  it("stays out of the root entry: @threadline/core exports nothing of markdown", () => {
    expect(Object.keys(root).filter((name) => /markdown/i.test(name))).toEqual([]);
  });
});
