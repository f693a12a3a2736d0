// The streaming caret of both apps (playground/shared/app.css) in real Chromium: it follows the
// last word, on the innermost block that ends the answer — a list's last item, a nested list's, a
// quote's paragraph, a table's last cell, the open code block — never on a line of its own under
// a list or a quote, and only once.
import { readFileSync } from "node:fs";
import { markdownToHtml } from "@threadline/core/markdown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type Browser } from "./browser.js";

const CSS = readFileSync(new URL("../shared/app.css", import.meta.url), "utf8");

const CASES: readonly { readonly text: string; readonly caret: string }[] = [
  { text: "Intro.\n\n- one\n- two", caret: "li:two" },
  { text: "- one\n  - nested one\n  - nested two", caret: "li:nested two" },
  { text: "- one\n  - nested\n- back out", caret: "li:back out" },
  { text: "> quoted\n> still quoted", caret: "p:quoted still quoted" },
  { text: "> - a quoted item", caret: "li:a quoted item" },
  { text: "| a | b |\n| - | - |\n| 1 | 2 |", caret: "td:2" },
  { text: "1. first\n\n   a loose paragraph", caret: "p:a loose paragraph" },
  { text: "- a\n- b\n\nAfter the list", caret: "p:After the list" },
  { text: "## A heading", caret: "h2:A heading" },
];

describe("the streaming caret", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sits after the last word, on the innermost last block, once", async () => {
    const page = await browser.context.newPage();
    try {
      for (const { text, caret } of CASES) {
        await page.setContent(`<style>${CSS}</style><div class="markdown" data-streaming="true">${markdownToHtml(text, { highlighter: false })}</div>`);
        const carets = await page.evaluate(() =>
          Array.from(document.querySelectorAll(".markdown *"))
            .filter((element) => getComputedStyle(element, "::after").content !== "none")
            .map((element) => `${element.localName}:${(element as HTMLElement).innerText}`),
        );
        expect(carets, text).toEqual([caret]);
      }
      // Not streaming: no caret.
      await page.setContent(`<style>${CSS}</style><div class="markdown" data-streaming="false">${markdownToHtml("- a\n- b")}</div>`);
      expect(await page.evaluate(() => Array.from(document.querySelectorAll(".markdown *")).some((element) => getComputedStyle(element, "::after").content !== "none"))).toBe(false);
    } finally {
      await page.close();
    }
  });

  it("adds no line: the answer is as tall with the caret as without", async () => {
    const page = await browser.context.newPage();
    try {
      for (const { text } of CASES) {
        const height = async (streaming: boolean) => {
          await page.setContent(`<style>${CSS}</style><div class="markdown" data-streaming="${streaming}" style="width: 600px">${markdownToHtml(text, { highlighter: false })}</div>`);
          return page.evaluate(() => document.querySelector(".markdown")!.getBoundingClientRect().height);
        };
        expect(await height(true), text).toBeCloseTo(await height(false), 0);
      }
    } finally {
      await page.close();
    }
  });
});
