// @vitest-environment jsdom
// "Streaming markdown, as it streams": no delta shows syntax the finished text never shows. The
// cases issue 41 measured, one by one; then the count over a corpus of real answers (forty chat
// answers and installed packages' READMEs) streamed in seeded random deltas of 1–12 characters,
// which must be zero — without giving up the parse-free paths (streaming.test.ts holds those).
import { describe, expect, it } from "vitest";
import { createMarkdownStream, renderMarkdown } from "../../src/markdown/index.js";
import { ANSWERS } from "./answers.js";
import { installedReadmes } from "./readmes.js";
import { countShownSyntax } from "./shown-syntax.js";

/** The drawing after each delta of `deltas`. */
function drawings(deltas: readonly string[]): string[] {
  const element = document.createElement("div");
  const stream = createMarkdownStream(element, { highlighter: false });
  return deltas.map((delta) => {
    stream.append(delta);
    return element.innerHTML;
  });
}

const chars = (text: string): string[] => [...text];
const oneShot = (text: string): string => {
  const element = document.createElement("div");
  renderMarkdown(element, text, { highlighter: false });
  return element.innerHTML;
};

describe("what the open block's end does not decide yet is not drawn", () => {
  it("a table's header row waits for its delimiter row, then the table shows", () => {
    const text = "Compare:\n\n| Item | Price |\n| --- | ---: |\n| Tea | 3 |";
    const shown = drawings(chars(text));
    for (const html of shown) expect(html).not.toMatch(/<p>[^<]*\|/);
    expect(shown.at(-1)).toContain("<table>");
    // Once the delimiter row reads as one, the header shows (before the row's last cell).
    expect(drawings(["Compare:\n\n| Item | Price |\n| --- | -"]).at(-1)).toContain("<th>Item</th>");
  });

  it("backticks that may open a fence are not shown as text", () => {
    for (const html of drawings(chars("Run this:\n\n```bash\nnpm test\n```\n"))) expect(html).not.toMatch(/<p>[^<]*`/);
  });

  it("no empty bullet, nested bullet or quote; no bare list marker or digits of one", () => {
    const text = "Steps:\n\n1. Open the app\n2. Click **Save**\n   - twice\n   - then wait\n\n> Note\n> - quoted item\n";
    for (const html of drawings(chars(text))) {
      expect(html).not.toMatch(/<li><\/li>|<li>\s*<ul>|<blockquote><\/blockquote>/);
      expect(html).not.toMatch(/<p>\d+\.?<\/p>|\n\d+\.?<\/li>|>-<\/|\n-<\/li>/);
    }
  });

  it("`**` at the start of a list item waits for the bold text", () => {
    for (const html of drawings(chars("- **Install** the CLI\n- **Log in**"))) expect(html).not.toContain("**");
  });

  it("`[text]` before its `(` shows the text, and a link being written shows its text only", () => {
    const shown = drawings(chars("See [the docs](https://example.com/docs) now."));
    for (const html of shown) expect(html).not.toMatch(/\[|\]/);
    expect(shown[8]).toBe("<p>See the</p>");
  });

  it("an unfinished image shows nothing until its URL is whole", () => {
    const text = "Look: ![the chart](https://example.com/chart.png) here";
    for (const html of drawings(chars(text))) expect(html).not.toMatch(/!|\[|chart<\/p>/);
  });

  it("`*` and `_` open emphasis only where CommonMark would: snake_case stays plain", () => {
    for (const html of drawings(chars("Set snake_case_name and 2 * 3 = 6 and *this*."))) expect(html).not.toMatch(/<em>case|<em> 3/);
  });

  it("URLs are read as linkify reads them: a `_` in one is not emphasis, a `*` after one closes it", () => {
    const texts = [
      "*For live examples, see https://example.com/@someone/internmap.*\n\nNext.",
      "Docs at https://example.com/modules/_other_thing_ and _more_ here.",
      '<img target="_blank" src="https://avatars.example.com/u/65305317?v=4"> and https://example.com/a.b?',
      "Badge: https://img.example.io/badge/speed-blazing%20%F0%9F%94%A5-red done",
    ];
    for (const text of texts) for (let seed = 1; seed <= 12; seed++) expect(countShownSyntax(text, seed).flagged, `${text} (seed ${seed})`).toEqual([]);
  });

  it("at the end the drawing is exactly the text's: held lines are drawn", () => {
    const text = "A list:\n\n- one\n- ";
    const element = document.createElement("div");
    const stream = createMarkdownStream(element, { highlighter: false });
    stream.append(text);
    expect(element.innerHTML).toBe("<p>A list:</p><ul><li>one</li></ul>");
    stream.setStreaming(false);
    expect(element.innerHTML).toBe(oneShot(text));
  });
});

describe("a backtick never closed inside a link's text", () => {
  it("shows no link brackets once the `]` has come (lit-element's README: [`@lit/reactive-element'](…))", () => {
    const text = "Built on the core ReactiveElement (from\n[`@lit/reactive-element'](https://www.npmjs.com/package/@lit/reactive-element)), a base class.\n";
    for (let seed = 1; seed <= 40; seed++) {
      const count = countShownSyntax(text, seed);
      expect(count.flagged.map((f) => `${f.kind} ${JSON.stringify(f.shown)}`)).toEqual([]);
      expect(count.endsAsOneShot).toBe(true);
    }
  });
});

describe("backtick runs of two lengths", () => {
  // Three READMEs the corpus met with new lockfiles: mdurl's literal `` (never closed) before a
  // code span; a link's code text holding brackets of its own (unist-util-remove-position); a
  // double-backtick span around a single backtick (js-tokens), which must not read as literal.
  const texts = [
    "Note: in `url.parse('http://foo?bar')` pathname is\n   ``, not `/` as you may think.\n",
    "*   [API](#api)\n    *   [`removePosition(node[, options])`](#removepositionnode-options)\n",
    "Single tokens, from the starting `` ` `` to the\nending `` ` ``, are matched.\n",
  ];
  it.each(texts)("no delta shows backticks or brackets the finished text does not: %j", (text) => {
    for (let seed = 1; seed <= 40; seed++) {
      const count = countShownSyntax(text, seed);
      expect(count.flagged.map((f) => `${f.kind} ${JSON.stringify(f.shown)}`)).toEqual([]);
      expect(count.endsAsOneShot).toBe(true);
    }
  });
});

describe("the count over real answers", () => {
  // Installed READMEs of 1–8 KB in package-name order, every sixth: the same ones for the same lockfile.
  const readmes = installedReadmes(1_000, 8_000).filter((_, i) => i % 6 === 0);
  const corpus = [...ANSWERS.map((text, i) => ({ name: `answer ${i + 1}`, text })), ...readmes];

  it("has forty chat answers and at least seventy READMEs", () => {
    expect(ANSWERS).toHaveLength(40);
    expect(readmes.length).toBeGreaterThanOrEqual(70);
  });

  it("zero deltas show syntax the finished text never shows, and every stream ends as its one-shot drawing", () => {
    let deltas = 0;
    const shown: string[] = [];
    const ends: string[] = [];
    for (const [i, doc] of corpus.entries()) {
      const count = countShownSyntax(doc.text, 41 + i);
      deltas += count.deltas;
      for (const flagged of count.flagged.slice(0, 2)) shown.push(`${doc.name}: ${flagged.kind} ${JSON.stringify(flagged.shown)} after …${JSON.stringify(flagged.prefix.slice(-60))}`);
      if (!count.endsAsOneShot) ends.push(doc.name);
    }
    expect(deltas).toBeGreaterThan(25_000);
    expect(shown).toEqual([]);
    expect(ends).toEqual([]);
  }, 300_000);
});
