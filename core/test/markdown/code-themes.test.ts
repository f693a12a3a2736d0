// @vitest-environment jsdom
// Code blocks in a dark colour scheme (issue 41): the default Shiki highlighter reads each line with
// GitHub light and GitHub dark, and the block draws `light-dark(light, dark)`, so code follows the
// page's `color-scheme`. A browser without `light-dark()` gets the light colours; a `theme` given
// alone is used everywhere, as before.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HighlightToken, LineTokenizer } from "../../src/markdown/index.js";

const COMMENT = ["const a = 1; /* a comment", "that spans lines */"];

async function tokenizer(module: typeof import("../../src/markdown/index.js"), options?: Parameters<typeof module.shikiHighlighter>[0]): Promise<LineTokenizer> {
  const loaded = await module.shikiHighlighter(options).load("ts");
  if (loaded === null) throw new Error("no TypeScript grammar");
  return loaded;
}

function lines(t: LineTokenizer, text: readonly string[]): HighlightToken[][] {
  let state = t.initial;
  return text.map((line) => {
    const read = t.line(line, state);
    state = read.state;
    return [...read.tokens];
  });
}

const colour = (tokens: readonly HighlightToken[], content: string) => tokens.find((t) => t.content.includes(content));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("Shiki's themes", () => {
  it("by default each token has GitHub light's colour and GitHub dark's, the grammar state carried across lines", async () => {
    const markdown = await import("../../src/markdown/index.js");
    const [first, second] = lines(await tokenizer(markdown), COMMENT);
    expect(colour(first!, "const")).toMatchObject({ color: "#D73A49", darkColor: "#F97583" });
    expect(colour(first!, "/*")).toMatchObject({ color: "#6A737D", darkColor: "#6A737D" });
    // The comment's second line is read as a comment in both themes.
    expect(second!.map((t) => [t.color, t.darkColor])).toEqual([["#6A737D", "#6A737D"]]);
    expect(second!.map((t) => t.content).join("")).toBe(COMMENT[1]);
  });

  it("a theme given alone is used everywhere (no dark colour), and darkTheme: false keeps the default light one alone", async () => {
    const markdown = await import("../../src/markdown/index.js");
    const dark = await tokenizer(markdown, { theme: () => import("@shikijs/themes/github-dark") });
    expect(colour(lines(dark, COMMENT)[0]!, "const")).toEqual({ content: "const", color: "#F97583", fontStyle: 0, offset: 0 });
    const light = await tokenizer(markdown, { darkTheme: false });
    expect(colour(lines(light, COMMENT)[0]!, "const")!.darkColor).toBeUndefined();
    const both = await tokenizer(markdown, { theme: () => import("@shikijs/themes/github-light"), darkTheme: () => import("@shikijs/themes/github-dark-dimmed") });
    expect(colour(lines(both, COMMENT)[0]!, "const")).toMatchObject({ color: "#D73A49", darkColor: "#F47067" });
  });
});

describe("the code block", () => {
  const FENCE = "```ts\nconst a = 1;\n```";

  async function drawn(): Promise<HTMLElement> {
    const markdown = await import("../../src/markdown/index.js");
    const highlighter = markdown.shikiHighlighter();
    await highlighter.load("ts");
    const element = document.createElement("div");
    markdown.renderMarkdown(element, FENCE, { highlighter });
    await vi.waitFor(() => expect(element.querySelector("code span.line span")).not.toBeNull());
    return element.querySelector<HTMLElement>("code span.line span")!;
  }

  it("draws light-dark(light, dark) where the browser has it", async () => {
    vi.stubGlobal("CSS", { supports: (property: string, value: string) => property === "color" && value.startsWith("light-dark(") });
    const keyword = await drawn();
    expect(keyword.textContent).toBe("const");
    expect(keyword.style.color).toBe("light-dark(rgb(215, 58, 73), rgb(249, 117, 131))");
  });

  it("draws the light colour where the browser lacks light-dark()", async () => {
    vi.stubGlobal("CSS", { supports: () => false });
    expect((await drawn()).style.color).toBe("rgb(215, 58, 73)");
  });
});
