// The event inspector in the playground app, in Chromium: Alt+Shift+D opens it over the chat; a
// scrub shows the thread at an earlier event; Export downloads the recording as NDJSON; Import
// replays a fixture into a sandbox the chat never sees. Run by suite.ts for each framework.
import { readFile } from "node:fs/promises";
import { expect, test } from "vitest";
import { FILE_PATH } from "../server/scenarios/approval.js";
import { TEST_ID } from "../shared/contract.js";
import { INSPECTOR_SHORTCUT } from "../shared/devtools.js";
import type { AppPage } from "./harness.js";

type WithPage = (options: { scenario: string }, body: (page: AppPage) => Promise<void>) => Promise<void>;

/** Playwright's key names for the shortcut ("Alt+Shift+D" → "Alt+Shift+KeyD"). */
const PRESS = INSPECTOR_SHORTCUT.replace(/\+([A-Z])$/, "+Key$1");

export function inspectorTests(withPage: WithPage): void {
  test("inspector: the shortcut opens it; scrub, export, import into a sandbox; the chat is untouched", async () => {
    await withPage({ scenario: "markdown" }, async (page) => {
      const panel = page.byTestId("inspector");
      expect(await panel.isVisible()).toBe(false);
      await page.byTestId(TEST_ID.suggestion).click();
      const turn = await page.turn();
      await page.composer.press("Enter");
      await turn.settled("idle");
      const answer = await page.lastAnswer();

      await page.page.keyboard.press(PRESS);
      await panel.waitFor({ state: "visible" });
      expect(await page.byTestId("inspector-mode").innerText()).toBe("live");
      const position = page.byTestId("inspector-position");
      const total = Number(/\/ (\d+) events/.exec(await position.innerText())?.[1]);
      expect(total).toBeGreaterThan(10);
      expect(await page.byTestId("inspector-event").count()).toBe(total);
      expect(await page.byTestId("inspector-event").first().getAttribute("data-type")).toBe("RUN_STARTED");
      await page.screenshot("inspector-live");

      // Scrub to the third event: RUN_STARTED (with the user's message), START, the first delta.
      await page.byTestId("inspector-scrubber").fill("3");
      await expect.poll(() => page.byTestId("inspector-mode").innerText()).toBe("time travel");
      expect(await position.innerText()).toBe(`3 / ${total} events`);
      await page.byTestId("inspector-tab-messages").click();
      const messages = page.byTestId("inspector-message");
      expect(await messages.count()).toBe(2);
      expect(await messages.first().innerText()).toContain("Plan three days in Lisbon for me.");
      const early = await messages.last().innerText();
      expect(early).toContain("streaming");
      expect(early.length).toBeLessThan(answer.length);
      // The chat still shows the whole answer.
      expect(await page.lastAnswer()).toBe(answer);
      await page.screenshot("inspector-scrubbed");

      // Export: the download is the recording as NDJSON, one event per line.
      const [download] = await Promise.all([page.page.waitForEvent("download"), page.byTestId("inspector-export").click()]);
      expect(download.suggestedFilename()).toMatch(/^threadline-.+\.ndjson$/);
      const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\n");
      expect(lines).toHaveLength(total);
      const events = lines.map((line) => JSON.parse(line) as { type: string; delta?: string });
      expect(events[0]).toMatchObject({ type: "RUN_STARTED", input: { messages: [{ role: "user" }] } });
      expect(events.at(-1)?.type).toBe("RUN_FINISHED");

      // Import an edited copy: it replays into a sandbox, and the chat does not change.
      const edited = events.map((event, i) => (i === 2 && event.type === "TEXT_MESSAGE_CONTENT" ? { ...event, delta: "FROM THE FIXTURE " } : event));
      await page.byTestId("inspector-import-file").setInputFiles({
        name: "report.ndjson",
        mimeType: "application/x-ndjson",
        buffer: Buffer.from(edited.map((event) => JSON.stringify(event)).join("\n")),
      });
      await expect.poll(() => page.byTestId("inspector-mode").innerText()).toBe("sandbox: report.ndjson");
      await expect.poll(() => messages.last().innerText()).toContain("FROM THE FIXTURE");
      expect(await page.lastAnswer()).toBe(answer);
      await page.screenshot("inspector-sandbox");

      // Back to the live recording; the shortcut hides the panel again.
      await page.byTestId("inspector-live").click();
      expect(await page.byTestId("inspector-mode").innerText()).toBe("live");
      await page.page.keyboard.press(PRESS);
      await panel.waitFor({ state: "hidden" });
    });
  });

  // Issue 41: a TOOL_CALL_ARGS row showed the tool call's id (a run id and a counter, longer than
  // the row) and the delta was cut off after it.
  test("inspector: a streamed tool call's rows show each argument delta first, where the row shows it", async () => {
    await withPage({ scenario: "approval" }, async (page) => {
      const asked = await page.turn();
      await page.send("Delete my old draft notes.");
      await asked.settled("awaiting-input");
      await page.page.keyboard.press(PRESS);
      await page.byTestId("inspector").waitFor({ state: "visible" });
      await page.byTestId("inspector-type-filter").selectOption("TOOL_CALL_ARGS");
      const rows = page.byTestId("inspector-event");
      await expect.poll(() => rows.count()).toBeGreaterThan(1);
      expect(new Set(await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-type"))))).toEqual(new Set(["TOOL_CALL_ARGS"]));
      // Per row: the delta as a JSON string at the start of the summary, and where the row draws
      // it (its right edge against the summary's, which hides what overflows).
      const shown = await rows.evaluateAll((all) =>
        all.map((row) => {
          const summary = row.querySelector(".summary")!;
          const text = summary.textContent ?? "";
          const literal = /^"(?:[^"\\]|\\.)*"/.exec(text)?.[0] ?? "";
          const range = document.createRange();
          range.setStart(summary.firstChild!, 0);
          range.setEnd(summary.firstChild!, literal.length);
          return { text, literal, visible: literal !== "" && range.getBoundingClientRect().right <= summary.getBoundingClientRect().right + 0.5 };
        }),
      );
      const toolCallId = /· (\S+)$/.exec(shown[0]!.text)?.[1] ?? "";
      expect(toolCallId).toMatch(/-tool-1$/);
      for (const row of shown) {
        expect(row.literal, row.text).not.toBe("");
        expect(row.visible, `${row.text}: the delta is cut off`).toBe(true);
        expect(row.text).toBe(`${row.literal} · ${toolCallId}`);
      }
      // The deltas, in order, are the call's arguments.
      expect(JSON.parse(shown.map((row) => JSON.parse(row.literal) as string).join(""))).toEqual({ path: FILE_PATH });
      await page.screenshot("inspector-tool-args");
    });
  });
}
