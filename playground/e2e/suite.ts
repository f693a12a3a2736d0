// The end-to-end suite, run once per framework: every scripted scenario driven through the app
// in Chromium, checked on the DOM of shared/contract.ts, with a screenshot each.
import type { AppName } from "../shared/launch.js";
import { TEST_ID } from "../shared/contract.js";
import { markdownToHtml } from "@threadline/core/markdown";
import { FILE_PATH } from "../server/scenarios/approval.js";
import { NO_IMAGE } from "../server/scenarios/attachment.js";
import { HISTORY_LENGTH } from "../server/scenarios/long-thread.js";
import { MARKDOWN_REPLY } from "../server/scenarios/markdown.js";
import { ANSWER, THOUGHTS } from "../server/scenarios/reasoning.js";
import { ERROR_MESSAGE, PARTIAL, RECOVERED } from "../server/scenarios/server-error.js";
import { SEED_TODOS, SUGGESTIONS } from "../server/scenarios/shared-state.js";
import { FACT_CHECKER, FACT_CHECKER_TEXT, FINAL_TEXT, RESEARCHER, RESEARCHER_TEXT, TOOL_NAME as RESEARCH_TOOL, subagents } from "../server/scenarios/subagents.js";
import { weatherFor } from "../server/scenarios/weather-card.js";
import { salesFor } from "../server/mcp/sales-server.js";
import { expect, test } from "vitest";
import { ARTIFACTS, useApp, type AppPage } from "./harness.js";
import { checkWeatherCard, renderedText, textOf } from "./checks.js";
import { inspectorTests } from "./inspector.js";

export function appSuite(framework: AppName): void {
  const app = useApp(framework, { mastra: true });

  /** Runs `body` on a fresh page and always closes it; page errors fail the test. */
  async function withPage(options: Parameters<typeof app.open>[0], body: (page: AppPage) => Promise<void>): Promise<void> {
    const page = await app.open(options);
    try {
      await body(page);
      expect(page.errors, "uncaught errors in the page").toEqual([]);
    } catch (error) {
      // What the page showed when the test failed, beside the other screenshots (a flaky failure
      // on a loaded machine is then still there to look at).
      const name = (expect.getState().currentTestName ?? "test").replace(/[^a-z0-9]+/gi, "-").slice(0, 60);
      await page.screenshot(`failed-${name}`).catch(() => undefined);
      throw error;
    } finally {
      await page.close();
    }
  }

  /**
   * One action row per answer, each right after the answer's last message (the row's
   * `data-answer-end`), and none inside the assistant messages; resolves with the rows' ends.
   */
  async function answerRows(page: AppPage, count: number): Promise<string[]> {
    const rows = page.byTestId(TEST_ID.answerActions);
    await expect.poll(() => rows.count()).toBe(count);
    expect(await page.messages("assistant").getByTestId(TEST_ID.messageActions).count(), "actions inside an answer's messages").toBe(0);
    const placed = await rows.evaluateAll((all) => all.map((row) => [row.getAttribute("data-answer-end"), row.previousElementSibling?.getAttribute("data-message-id")]));
    for (const [end, before] of placed) expect(before, "the message before the row").toBe(end);
    return placed.map(([end]) => end ?? "");
  }

  test("markdown: the streamed answer renders complete, as markdown, and the thread is listed", async () => {
    await withPage({ scenario: "markdown" }, async (page) => {
      // The suggested prompt for the scenario fills the composer; Enter sends it.
      await page.byTestId(TEST_ID.suggestion).click();
      await expect.poll(() => page.composer.inputValue()).toBe("Plan three days in Lisbon for me.");
      const turn = await page.turn();
      await page.composer.press("Enter");
      expect(await turn.settled("idle")).toContain("streaming");

      const text = page.messages("assistant").getByTestId(TEST_ID.messageText);
      await expect.poll(() => text.getAttribute("data-streaming")).toBe("false");
      expect(await textOf(text)).toBe(await renderedText(page, markdownToHtml(MARKDOWN_REPLY)));
      for (const selector of ["h2", "h3", "ol li", "ul li", "strong", "em", "blockquote", "table td", "pre code"]) {
        expect(await text.locator(selector).count(), selector).toBeGreaterThan(0);
      }
      expect(await page.messages("user").locator(".bubble").innerText()).toContain("Plan three days in Lisbon for me.");
      await expect.poll(() => page.byTestId(TEST_ID.threadItem).filter({ hasText: "Plan three days" }).count()).toBe(1);
      await page.screenshot("markdown");
    });
  });

  // #19: the apps' default route is the resumable handler (createAgentHandler).
  test("resumable: a reload mid-answer completes it; a second device follows the live answer; the flaky switch loses nothing", async () => {
    const expected = async (page: AppPage) => renderedText(page, markdownToHtml(MARKDOWN_REPLY));
    await withPage({ scenario: "markdown", delay: 12 }, async (page) => {
      await page.send("Plan three days in Lisbon for me.");
      const text = page.messages("assistant").getByTestId(TEST_ID.messageText);
      await expect.poll(async () => ((await text.count()) > 0 ? (await textOf(text)).length : 0)).toBeGreaterThan(40);
      await page.waitForStoredMessages(2);
      const partial = await textOf(text);
      // The page goes away mid-answer and comes back on the same thread.
      await page.page.goto(page.url({ delay: 12 }));
      // The stored partial answer shows first; the rejoined run completes it.
      const answer = await expected(page);
      await expect.poll(() => textOf(text), { timeout: 20_000 }).toBe(answer);
      await expect.poll(() => text.getAttribute("data-streaming")).toBe("false");
      expect((await textOf(text)).length).toBeGreaterThan(partial.length);
      await page.screenshot("resumable-reload");
    });
    await withPage({ scenario: "markdown", delay: 25 }, async (page) => {
      await page.send("Plan three days in Lisbon for me.");
      const text = page.messages("assistant").getByTestId(TEST_ID.messageText);
      await expect.poll(async () => ((await text.count()) > 0 ? (await textOf(text)).length : 0)).toBeGreaterThan(40);
      // Another device opens the thread: no storage, no BroadcastChannel in common, only the server.
      const other = await app.elsewhere(page.url({ delay: 25, thread: page.threadId }));
      try {
        const status = other.page.getByTestId(TEST_ID.runStatus);
        const followed = other.page.getByTestId(TEST_ID.message).and(other.page.locator('[data-role="assistant"]')).getByTestId(TEST_ID.messageText);
        await expect.poll(() => status.getAttribute("data-following"), { timeout: 10_000 }).toBe("true");
        // The answer streams there (the live tail), then stands complete and equal to the first device's.
        await expect.poll(() => followed.getAttribute("data-streaming"), { timeout: 10_000 }).toBe("true");
        await other.page.screenshot({ path: `${ARTIFACTS}${app.framework}/resumable-follow.png` });
        const answer = await expected(page);
        await expect.poll(() => textOf(followed), { timeout: 20_000 }).toBe(answer);
        await expect.poll(() => status.getAttribute("data-following")).toBe("false");
        expect(await other.page.getByTestId(TEST_ID.message).and(other.page.locator('[data-role="user"]')).innerText()).toContain("Plan three days in Lisbon for me.");
        await expect.poll(() => textOf(text)).toBe(answer);
        expect(other.errors, "uncaught errors on the second device").toEqual([]);
      } finally {
        await other.close();
      }
    });
    await withPage({ scenario: "markdown", delay: 4 }, async (page) => {
      await page.byTestId(TEST_ID.flakyNetwork).check();
      const turn = await page.turn();
      await page.send("Plan three days in Lisbon for me.");
      const statuses = await turn.settled("idle", 30_000);
      const text = page.messages("assistant").getByTestId(TEST_ID.messageText);
      expect(await textOf(text)).toBe(await expected(page));
      expect(statuses).toContain("reconnecting");
    });
  });

  test("keyboard: Shift+Enter adds a line, Enter sends, the composer keeps focus", async () => {
    await withPage({ scenario: "markdown", delay: 0 }, async (page) => {
      await page.composer.focus();
      await page.page.keyboard.type("first line");
      await page.page.keyboard.press("Shift+Enter");
      await page.page.keyboard.type("second line");
      expect(await page.composer.inputValue()).toBe("first line\nsecond line");
      const turn = await page.turn();
      await page.page.keyboard.press("Enter");
      await turn.settled("idle");
      expect(await page.messages("user").locator(".bubble").innerText()).toBe("first line\nsecond line");
      expect(await page.composer.inputValue()).toBe("");
      expect(await page.composer.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });

  test("weather-card (tool): the show_weather card fills in every prop as its arguments stream", async () => {
    await withPage({ scenario: "weather-card", variant: "tool", delay: 8 }, async (page) => {
      const turn = await page.turn();
      await page.send("What's the weather in Porto?");
      const card = page.byTestId(TEST_ID.weatherCard);
      // Seen while streaming: the card is there before its arguments are complete.
      await page.page.locator(`[data-testid="${TEST_ID.weatherCard}"][data-streaming="true"]`).waitFor();
      await turn.settled("idle");
      await expect.poll(() => card.count()).toBe(1);
      await checkWeatherCard(card, weatherFor("Porto"), "tool-call");
      await page.screenshot("weather-card-tool");
    });
  });

  test("weather-card (activity): an ACTIVITY_SNAPSHOT + deltas render as the card", async () => {
    await withPage({ scenario: "weather-card", variant: "activity" }, async (page) => {
      const turn = await page.turn();
      await page.send("Weather in Oslo, please");
      await turn.settled("idle");
      const card = page.byTestId(TEST_ID.weatherCard);
      await expect.poll(() => card.count()).toBe(1);
      await checkWeatherCard(card, weatherFor("Oslo"), "activity");
      await page.screenshot("weather-card-activity");
    });
  });

  test("weather-card (both): Tambo component events and the show_weather call each render a complete card", async () => {
    await withPage({ scenario: "weather-card", variant: "both" }, async (page) => {
      const turn = await page.turn();
      await page.send("What's the weather in Lisbon?");
      await turn.settled("idle");
      const cards = page.byTestId(TEST_ID.weatherCard);
      expect(await cards.count()).toBe(2);
      await checkWeatherCard(cards.nth(0), weatherFor("Lisbon"), "component");
      await checkWeatherCard(cards.nth(1), weatherFor("Lisbon"), "tool-call");
      await page.screenshot("weather-card");
    });
  });

  test("a2ui-form: the A2UI surface fills in as render_a2ui streams (through @ag-ui/a2ui-middleware); edits and the submit go back through it", async () => {
    await withPage({ scenario: "a2ui-form", delay: 20 }, async (page) => {
      // Every count of passenger fields the page shows, in order: filled in as the arguments stream.
      await page.page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { passengerCounts: number[] }).passengerCounts = seen;
        new MutationObserver(() => {
          const count = document.querySelectorAll('.a2ui-surface input[id$="-passenger-input"]').length;
          if (count > 0 && seen.at(-1) !== count) seen.push(count);
        }).observe(document.body, { subtree: true, childList: true });
      });
      const turn = await page.turn();
      await page.send("Book a trip to Bergen for Ada, Grace and Linus.");
      const passengers = page.page.getByRole("textbox", { name: "Passenger name" });
      await turn.settled("idle");
      expect(await page.page.evaluate(() => (window as unknown as { passengerCounts: number[] }).passengerCounts)).toEqual([1, 2, 3]);
      const surface = page.page.getByRole("region", { name: "Generated interface" });
      await expect.poll(() => passengers.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(["Ada", "Grace", "Linus"]);
      expect(await surface.getByRole("heading", { name: "Trip to Bergen" }).count()).toBe(1);
      const book = surface.getByRole("button", { name: "Book trip" });
      expect(await book.isDisabled()).toBe(true);
      // The keyboard path: type into the fields, pick with Space, submit with Enter.
      await passengers.nth(2).fill("Linus Torvalds");
      await surface.getByRole("textbox", { name: "Contact email" }).fill("ada@example.com");
      await surface.getByRole("radio", { name: "Business" }).focus();
      await page.page.keyboard.press("Space");
      await surface.getByRole("checkbox", { name: "Travel insurance" }).check();
      await expect.poll(() => book.isDisabled()).toBe(false);
      await page.screenshot("a2ui-form");
      await book.focus();
      await page.page.keyboard.press("Enter");
      await expect
        .poll(() => page.lastAnswer(), { timeout: 15_000 })
        .toBe("Booked: Ada, Grace, Linus Torvalds, business class on 2027-03-14, with travel insurance. The confirmation goes to ada@example.com.");
    });
  });

  test("mcp-app: a real MCP server's app (through @ag-ui/mcp-apps-middleware) runs sandboxed; its tool call waits for approval; its message goes to the chat", async () => {
    await withPage({ scenario: "mcp-app" }, async (page) => {
      const turn = await page.turn();
      await page.send("Show me the sales in Norway.");
      await turn.settled("idle");
      const frame = page.page.locator(".mcp-app iframe");
      await frame.waitFor();
      expect(await frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms");
      const app = page.page.frameLocator(".mcp-app iframe");
      // The tool's input and result reached the app (the official App SDK on the official AppBridge).
      await expect.poll(() => app.locator("#chart li").count()).toBe(6);
      expect(await app.locator("#title").innerText()).toBe("Sales in Norway");
      // What the app can reach of this page: nothing.
      expect(await app.locator("#isolation").innerText()).toBe("page DOM: blocked; storage: blocked; cookies: blocked");
      // It reported its size; the frame follows.
      await expect.poll(() => frame.evaluate((f) => parseInt((f as HTMLIFrameElement).style.height, 10))).toBeGreaterThan(160);
      // A tool call the app makes waits for the user; allowed, it goes through the middleware to the MCP server.
      await app.getByRole("button", { name: "Top 3 months" }).click();
      const approval = page.page.getByRole("group", { name: "The app asks to call a tool" });
      await approval.waitFor();
      expect(await approval.innerText()).toContain("top_months");
      await page.screenshot("mcp-app-approval");
      await approval.getByRole("button", { name: "Allow" }).click();
      await expect.poll(() => app.locator("#chart li").count()).toBe(3);
      expect(await app.locator("#status").innerText()).toBe("top 3 from the server");
      // Declined, the app hears so and nothing runs.
      await app.getByRole("button", { name: "Top 3 months" }).click();
      await approval.getByRole("button", { name: "Deny" }).click();
      await expect.poll(() => app.locator("#status").innerText()).toContain("declined");
      // A message from the app is the user's next message; the agent answers it.
      await app.getByRole("button", { name: "Ask the agent" }).click();
      const best = salesFor("Norway").reduce((a, b) => (b.sales > a.sales ? b : a));
      await expect.poll(() => page.lastAnswer(), { timeout: 15_000 }).toBe(`The best month in Norway was ${best.month}, with ${best.sales} sales.`);
      await page.screenshot("mcp-app");
    });
  });

  test("client-tool: get_local_time runs in the browser and the agent continues with its result", async () => {
    for (const variant of ["plain", "pending", "tambo"]) {
      await withPage({ scenario: "client-tool", variant }, async (page) => {
        const turn = await page.turn();
        await page.send("What time is it where I am?");
        await turn.settled("idle");
        const call = page.byTestId(TEST_ID.toolCall).and(page.page.locator('[data-tool-name="get_local_time"]'));
        await expect.poll(() => call.getAttribute("data-status"), { message: variant }).toBe("succeeded");
        const result = await call.getByTestId(TEST_ID.toolResult).innerText();
        expect(result, variant).toMatch(/^\d\d:\d\d \(.+\)$/);
        await expect.poll(() => page.lastAnswer(), { message: variant }).toContain(`Your device says it is ${result}.`);
        if (variant === "plain") await page.screenshot("client-tool");
      });
    }
  });

  test("approval: delete_file waits for the user; approve deletes, decline (next turn) does not", async () => {
    await withPage({ scenario: "approval" }, async (page) => {
      const asked = await page.turn();
      await page.send("Delete my old draft notes.");
      await asked.settled("awaiting-input");
      const call = page.byTestId(TEST_ID.toolCall).and(page.page.locator('[data-tool-name="delete_file"]'));
      await expect.poll(() => call.getAttribute("data-status")).toBe("awaiting-approval");
      expect(await call.locator(".badge").innerText()).toBe("Needs your approval");
      // The composer says that sending now would decline the request.
      expect(await page.byTestId(TEST_ID.approvalWarning).innerText()).toContain("delete_file");
      // The arguments as a list of fields, not raw JSON.
      const args = call.getByTestId(TEST_ID.toolArgs);
      expect(await args.evaluate((el) => el.tagName)).toBe("DL");
      expect(await args.locator('[data-field="path"] dt').innerText()).toBe("path");
      expect(await args.locator('[data-field="path"] dd').innerText()).toBe(FILE_PATH);
      // The answer waits for the user: its one row is under the card, Regenerate usable.
      await answerRows(page, 1);
      expect(await page.byTestId(TEST_ID.regenerate).isEnabled()).toBe(true);
      // The approve button takes focus, so a keyboard user answers at once.
      expect(await call.getByTestId(TEST_ID.approve).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.screenshot("approval");
      const approved = await page.turn();
      await call.getByTestId(TEST_ID.approve).click();
      await approved.settled("idle");
      await expect.poll(() => call.getAttribute("data-status")).toBe("succeeded");
      expect(await call.getByTestId(TEST_ID.toolResult).innerText()).toBe(`Deleted ${FILE_PATH}.`);
      await expect.poll(() => page.lastAnswer()).toBe(`Done: ${FILE_PATH} is deleted.`);
      // The answer is now two assistant messages (the call, then the agent going on): still one row, after the last.
      const [end] = await answerRows(page, 1);
      expect(end).toBe(await page.messages("assistant").last().getAttribute("data-message-id"));

      const askedAgain = await page.turn();
      await page.send("Delete my old draft notes again.");
      await askedAgain.settled("awaiting-input");
      const second = page.byTestId(TEST_ID.toolCall).nth(1);
      const declined = await page.turn();
      await second.getByTestId(TEST_ID.decline).click();
      await declined.settled("idle");
      await expect.poll(() => second.getByTestId(TEST_ID.toolResult).innerText()).toBe("Not deleted: the user declined.");
      // Declined is not shown as a success.
      expect(await second.locator(".badge").innerText()).toBe("Declined");
      expect(await second.locator(".badge").getAttribute("data-tone")).toBe("declined");
      expect(await page.byTestId(TEST_ID.toolCall).first().locator(".badge").getAttribute("data-tone")).toBe("ok");
      expect(await page.byTestId(TEST_ID.approvalWarning).count()).toBe(0);
      await expect.poll(() => page.lastAnswer()).toContain("Nothing was deleted.");
      await answerRows(page, 2);
      await page.screenshot("approval-done");
    });
  });

  test("shared-state: the panel follows STATE_DELTA; the user's edits go with the next run", async () => {
    await withPage({ scenario: "shared-state", delay: 60 }, async (page) => {
      const items = page.byTestId(TEST_ID.todoItem);
      const titles = () => items.allInnerTexts().then((texts) => texts.map((t) => t.replace("✕", "").trim()));
      // Record every list the panel shows, as the DOM changes (not as often as the test polls).
      await page.page.evaluate((id) => {
        const seen: string[] = [];
        (window as unknown as { todoLists: string[] }).todoLists = seen;
        const panel = document.querySelector(`[data-testid="${id}"]`);
        if (panel === null) throw new Error("no state panel");
        const record = () => {
          const list = [...panel.querySelectorAll("[data-todo-id]")].map((el) => `${el.getAttribute("data-todo-id")}:${el.getAttribute("data-done")}`).join(",");
          if (seen[seen.length - 1] !== list) seen.push(list);
        };
        new MutationObserver(record).observe(panel, { subtree: true, childList: true, attributes: true });
      }, TEST_ID.statePanel);
      // No state yet: the panel is a folded tab, not a 300 px column.
      const panel = page.byTestId(TEST_ID.statePanel);
      const toggle = page.byTestId(TEST_ID.stateToggle);
      expect(await panel.getAttribute("data-open")).toBe("false");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect((await panel.boundingBox())!.width).toBeLessThan(60);
      const first = await page.turn();
      await page.send("Help me get ready for the trip.");
      await first.settled("idle");
      // The state came: the panel opened by itself.
      expect(await panel.getAttribute("data-open")).toBe("true");
      expect(Math.round((await panel.boundingBox())!.width)).toBe(300);
      // The snapshot, then one delta at a time: an item, another item, the tick.
      const lists = (await page.page.evaluate(() => (window as unknown as { todoLists: string[] }).todoLists)).filter((list) => list !== "");
      expect(lists.map((list) => list.split(",").filter(Boolean).length)).toEqual([2, 3, 4, 4]);
      expect(lists[0]).toBe(SEED_TODOS.map((t) => `${t.id}:${t.done}`).join(","));
      expect(lists[3]?.split(",")[1]).toBe(`${SEED_TODOS[1]?.id}:true`);
      expect(await titles()).toEqual([...SEED_TODOS.map((t) => t.title), ...SUGGESTIONS.slice(0, 2)]);
      expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute("data-done")))).toEqual(["true", "true", "false", "false"]);

      // The user ticks one off and adds their own; the agent sees both in the next run's state.
      await items.nth(2).getByRole("checkbox").check();
      await page.byTestId(TEST_ID.todoInput).fill("Water the plants");
      await page.byTestId(TEST_ID.todoInput).press("Enter");
      await expect.poll(() => items.count()).toBe(5);
      await page.screenshot("shared-state-draft");
      const second = await page.turn();
      await page.send("add call the hotel");
      await second.settled("idle");
      expect(await titles()).toEqual([...SEED_TODOS.map((t) => t.title), ...SUGGESTIONS.slice(0, 2), "Water the plants", "call the hotel"]);
      expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute("data-done")))).toEqual(["true", "true", "true", "true", "false", "false"]);
      await expect.poll(() => page.lastAnswer()).toBe('I added "call the hotel" and ticked off "Buy a Lisboa Card". 4 of 6 done.');
      await page.screenshot("shared-state");
      // The user folds it and opens it again.
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await items.first().isVisible()).toBe(false);
      expect((await panel.boundingBox())!.width).toBeLessThan(60);
      await toggle.click();
      expect(await items.first().isVisible()).toBe(true);
    });
  });

  test("reasoning: shown collapsed in a <details>, complete, then the answer", async () => {
    await withPage({ scenario: "reasoning" }, async (page) => {
      const turn = await page.turn();
      await page.send("How long should I stay in Lisbon?");
      await turn.settled("idle");
      const details = page.byTestId(TEST_ID.reasoning);
      expect(await details.evaluate((el) => el.tagName)).toBe("DETAILS");
      expect(await details.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      await details.locator("summary").click();
      expect(await details.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(await textOf(details.getByTestId(TEST_ID.messageText))).toBe(await renderedText(page, markdownToHtml(THOUGHTS.replaceAll("\n", " "))));
      const answer = page.messages("assistant").last().getByTestId(TEST_ID.messageText);
      expect(await textOf(answer)).toBe(await renderedText(page, markdownToHtml(ANSWER)));
      await page.screenshot("reasoning");

      // Regenerate: the answer (reasoning, then text) forks at its first message, the reasoning;
      // the row under the text shows the picker, and the first answer is one click away.
      const ids = () => page.messages().evaluateAll((els) => els.map((el) => el.getAttribute("data-message-id")));
      const first = await ids();
      expect(await page.messages().evaluateAll((els) => els.map((el) => el.getAttribute("data-role")))).toEqual(["user", "reasoning", "assistant"]);
      const row = page.byTestId(TEST_ID.answerActions);
      expect(await row.getByTestId(TEST_ID.branchPicker).count()).toBe(0);
      const again = await page.turn();
      await row.getByTestId(TEST_ID.regenerate).click();
      await again.settled("idle");
      const second = await ids();
      expect(second[0]).toBe(first[0]);
      expect(second.slice(1)).not.toEqual(first.slice(1));
      await answerRows(page, 1);
      expect(await row.getByTestId(TEST_ID.branchPosition).innerText()).toBe("2/2");
      await row.getByTestId(TEST_ID.branchPrev).click();
      await expect.poll(ids).toEqual(first);
      expect(await row.getByTestId(TEST_ID.branchPosition).innerText()).toBe("1/2");
      await row.getByTestId(TEST_ID.branchNext).click();
      await expect.poll(ids).toEqual(second);
      await page.screenshot("reasoning-regenerated");
    });
  });

  test("subagents: the research call's lane shows under it, collapsed, with name and status; opened, the researcher's text and its nested lane", async () => {
    await withPage({ scenario: "subagents" }, async (page) => {
      const turn = await page.turn();
      await page.send(subagents.prompt);
      await turn.settled("idle");
      const call = page.byTestId(TEST_ID.toolCall).and(page.page.locator(`[data-tool-name="${RESEARCH_TOOL}"]`));
      const lane = call.locator(`[data-testid="${TEST_ID.subagentLane}"][data-name="${RESEARCHER}"]`);
      expect(await lane.evaluate((el) => el.tagName)).toBe("DETAILS");
      expect(await lane.getAttribute("data-status")).toBe("succeeded");
      const summary = lane.locator(":scope > summary");
      expect(await summary.innerText()).toMatch(new RegExp(`${RESEARCHER}[\\s\\S]*succeeded`));
      expect(await lane.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      await summary.click();
      expect(await lane.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      const own = lane.locator(`:scope > .subagent-body > [data-testid="${TEST_ID.subagentText}"]`);
      expect(await textOf(own)).toBe(await renderedText(page, markdownToHtml(RESEARCHER_TEXT)));

      const nested = lane.locator(`:scope > .subagent-body > [data-testid="${TEST_ID.subagentLane}"]`);
      expect(await nested.getAttribute("data-name")).toBe(FACT_CHECKER);
      expect(await nested.getAttribute("data-status")).toBe("succeeded");
      await nested.locator(":scope > summary").click();
      expect(await textOf(nested.getByTestId(TEST_ID.subagentText))).toBe(await renderedText(page, markdownToHtml(FACT_CHECKER_TEXT)));

      // The subagents' messages are in their lanes only, not in the main list; the parent's answer follows.
      const mainTexts = page.messages().getByTestId(TEST_ID.messageText);
      expect(await mainTexts.filter({ hasText: "I looked through three sources" }).count()).toBe(0);
      expect(await mainTexts.filter({ hasText: "Checked: the 1.0 changelog" }).count()).toBe(0);
      expect(await page.lastAnswer()).toBe(await renderedText(page, markdownToHtml(FINAL_TEXT)));
      // The handler declares image input (GET …/capabilities): the paperclip stays.
      expect(await page.byTestId(TEST_ID.attach).count()).toBe(1);
      await page.screenshot("subagents");
    });
  });

  test("attachment: a refused file is refused when picked, saying why; a picked PNG is a chip, then a thumbnail in the message, and the agent names it", async () => {
    await withPage({ scenario: "attachment" }, async (page) => {
      const input = page.byTestId(TEST_ID.attachInput);
      const chips = page.byTestId(TEST_ID.draftAttachment);
      await page.composer.fill("What is in this picture?");
      // The file picker offers the types the chat's attachments plug-in accepts.
      expect(await input.getAttribute("accept")).toBe("image/*,audio/*,video/*,application/pdf,text/plain,text/markdown,text/csv,application/json");
      // A zip (picked anyway) is refused at once, by the plug-in's accept list: no chip, the reason
      // (with what the chat takes) beside the composer, the text kept, nothing sent.
      await input.setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("PK\u0003\u0004") });
      const refusal = page.byTestId(TEST_ID.attachmentError);
      expect(await refusal.innerText()).toBe("“notes.zip” (application/zip) is not a type this chat accepts: image/*, audio/*, video/*, application/pdf, text/plain, text/markdown, text/csv, application/json.");
      expect(await chips.count()).toBe(0);
      expect(await page.composer.inputValue()).toBe("What is in this picture?");
      expect(await page.messages().count()).toBe(0);
      await page.screenshot("attachment-refused");

      // A drop of any file and a paste of an image each add a chip.
      await page.page.evaluate(() => {
        const carrying = (file: File) => {
          const data = new DataTransfer();
          data.items.add(file);
          return data;
        };
        document.querySelector("form.composer")!.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: carrying(new File(["hi"], "dropped.txt", { type: "text/plain" })) }));
        document.querySelector("#composer")!.dispatchEvent(new ClipboardEvent("paste", { bubbles: true, cancelable: true, clipboardData: carrying(new File(["x"], "pasted.png", { type: "image/png" })) }));
      });
      await expect.poll(() => chips.evaluateAll((all) => all.map((chip) => chip.getAttribute("data-name")))).toEqual(["dropped.txt", "pasted.png"]);
      // A file the chat takes clears the refusal.
      expect(await refusal.count()).toBe(0);
      expect(await page.composer.inputValue()).toBe("What is in this picture?");
      while ((await chips.count()) > 0) await chips.first().getByTestId(TEST_ID.removeAttachment).click();

      // A real 4×3 PNG, drawn by the browser, through the file input.
      const dataUrl = await page.page.evaluate(() => {
        const canvas = document.createElement("canvas");
        canvas.width = 4;
        canvas.height = 3;
        const context = canvas.getContext("2d")!;
        context.fillStyle = "#e11d48";
        context.fillRect(0, 0, 4, 3);
        return canvas.toDataURL("image/png");
      });
      const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
      await input.setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: png });
      await expect.poll(() => chips.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(4);
      expect(await chips.innerText()).toContain("dot.png");
      await page.screenshot("attachment-draft");

      const turn = await page.turn();
      await page.byTestId(TEST_ID.send).click();
      await turn.settled("idle");
      const thumbnail = page.messages("user").getByTestId(TEST_ID.messageAttachment);
      expect(await thumbnail.getAttribute("data-mime-type")).toBe("image/png");
      expect(await thumbnail.getAttribute("src")).toMatch(/^blob:/); // the chat's local preview, no copy of the bytes
      await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(4);
      expect(await page.messages("user").locator(".bubble").innerText()).toBe("What is in this picture?");
      expect(await page.lastAnswer()).toBe(`I see an image (image/png, ${png.length} bytes) named dot.png.`);
      expect(await chips.count()).toBe(0);
      expect(await page.composer.inputValue()).toBe("");
      await page.screenshot("attachment");

      // An edit of the message keeps its image: the new branch's answer still names it.
      const edited = await page.turn();
      await page.messages("user").getByTestId(TEST_ID.edit).click();
      await page.byTestId(TEST_ID.editInput).fill("And this one?");
      await page.byTestId(TEST_ID.editSave).click();
      await edited.settled("idle");
      expect(await page.messages("user").locator(".bubble").innerText()).toBe("And this one?");
      await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(4);
      expect(await page.lastAnswer()).toBe(`I see an image (image/png, ${png.length} bytes) named dot.png.`);

      // Text alone: the agent says it sees no image.
      const next = await page.turn();
      await page.send("And now?");
      await next.settled("idle");
      expect(await page.lastAnswer()).toBe(NO_IMAGE);

      // Reloaded from IndexedDB, the image previews from its inline data.
      await page.waitForStoredMessages(4);
      await page.page.goto(page.url({ scenario: "attachment", delay: 2 }));
      await expect.poll(() => thumbnail.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
      await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(4);
    });
  });

  test("interrupt: the question is a form; the answer resumes the run", async () => {
    await withPage({ scenario: "interrupt" }, async (page) => {
      const asked = await page.turn();
      await page.send("Plan my trip to Lisbon.");
      await asked.settled("awaiting-input");
      const form = page.byTestId(TEST_ID.interruptForm);
      await form.waitFor();
      const city = form.getByLabel("Travelling from");
      const nights = form.getByLabel("Nights");
      expect(await city.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await nights.inputValue()).toBe("3");
      // The form follows the question directly: no action row between them while it waits.
      expect(await page.byTestId(TEST_ID.answerActions).count()).toBe(0);
      // In the windowed list the form opens the list's footer, after the last row: the message
      // before it in the page is the question, and nothing of the footer comes before the form.
      const before = await form.evaluate((el) => {
        const messages = [...document.querySelectorAll("[data-testid=message]")].filter((m) => m.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
        return { role: messages.at(-1)?.getAttribute("data-role"), sibling: el.previousElementSibling?.getAttribute("data-role") ?? null };
      });
      expect(before).toEqual({ role: "assistant", sibling: null });
      await city.fill("Porto");
      await nights.fill("4");
      await page.screenshot("interrupt");
      const answered = await page.turn();
      await form.getByRole("button", { name: "Send answer" }).click();
      await answered.settled("idle");
      await expect.poll(() => form.count()).toBe(0);
      await expect
        .poll(() => page.lastAnswer())
        .toBe("You answered: from Porto, for 4 nights. I'll look for trains and flights from Porto to Lisbon and a place to stay for 4 nights.");
      // Answered, the answer (the question, then what followed) has its one row, after its last message.
      await answerRows(page, 1);
      await page.screenshot("interrupt-answered");

      // Asked again, the user cancels: the agent is resumed with status "cancelled".
      const askedAgain = await page.turn();
      await page.send("Plan another trip.");
      await askedAgain.settled("awaiting-input");
      await form.waitFor();
      const cancelled = await page.turn();
      await form.getByRole("button", { name: "Cancel" }).click();
      await cancelled.settled("idle");
      await expect.poll(() => form.count()).toBe(0);
      await expect.poll(() => page.lastAnswer()).toBe("No problem, I won't plan the trip for now.");
    });
  });

  test("server-error: the error shows with what streamed before it; retry succeeds", async () => {
    for (const variant of ["mid-stream", "http-500", "disconnect"]) {
      await withPage({ scenario: "server-error", variant, network: "plain" }, async (page) => {
        const failed = await page.turn();
        if (variant === "disconnect") await page.holdDisconnect();
        await page.send("What's the euro exchange rate?");
        if (variant === "disconnect") {
          // The drop waits until the text is on screen: Chromium discards bytes it has received
          // but not yet handed to the page when the body fails, so an immediate drop keeps a
          // load-dependent prefix (under load, none of it).
          await expect.poll(() => page.lastAnswer(), { timeout: 20_000 }).toBe(PARTIAL);
          await page.releaseDisconnect();
        }
        await failed.settled("failed");
        const banner = page.byTestId(TEST_ID.errorBanner);
        await banner.waitFor();
        if (variant === "mid-stream") expect(await banner.innerText()).toContain(ERROR_MESSAGE);
        if (variant === "http-500") {
          // Worded for people: the body's message, not the raw JSON (which stays under Details).
          expect(await banner.innerText()).toContain("500");
          expect(await banner.innerText()).toContain("The agent crashed before it could answer");
          expect(await banner.innerText()).not.toContain('{"error"');
        }
        // What streamed before the error (or the drop) stays, all of it.
        if (variant !== "http-500") expect(await page.lastAnswer(), variant).toBe(PARTIAL);
        if (variant === "mid-stream") await page.screenshot("server-error");
        const retried = await page.turn();
        await banner.getByTestId(TEST_ID.retry).click();
        await retried.settled("idle");
        await expect.poll(() => banner.count(), { message: variant }).toBe(0);
        await expect.poll(() => page.lastAnswer(), { message: variant }).toBe(RECOVERED);
        expect(await page.messages("user").count(), variant).toBe(1);
        if (variant === "mid-stream") await page.screenshot("server-error-retried");
      });
    }
  });

  test("branches: edit a message, switch between the versions, reload, regenerate an answer", async () => {
    await withPage({ scenario: "markdown", delay: 0 }, async (page) => {
      const original = "Plan three days in Lisbon for me.";
      const edited = "Plan two days in Porto instead.";
      const bubble = () => page.messages("user").locator(".bubble").innerText();
      const position = (role: string) =>
        (role === "user" ? page.messages(role).first() : page.byTestId(TEST_ID.answerActions).first()).getByTestId(TEST_ID.branchPosition).innerText();
      const asked = await page.turn();
      await page.send(original);
      await asked.settled("idle");
      expect(await page.byTestId(TEST_ID.branchPicker).count()).toBe(0);

      // Edit: the user message is replaced on a new branch, and the agent answers it.
      await page.messages("user").getByTestId(TEST_ID.edit).click();
      const input = page.byTestId(TEST_ID.editInput);
      expect(await input.inputValue()).toBe(original);
      await input.fill(edited);
      const editedTurn = await page.turn();
      await page.byTestId(TEST_ID.editSave).click();
      await editedTurn.settled("idle");
      expect(await bubble()).toBe(edited);
      expect(await position("user")).toBe("2/2");
      expect(await page.messages().count()).toBe(2);
      await page.screenshot("branch-edited");

      // Switch back: the first version and its answer.
      await page.messages("user").getByTestId(TEST_ID.branchPrev).click();
      await expect.poll(bubble).toBe(original);
      expect(await position("user")).toBe("1/2");
      expect(await page.messages().count()).toBe(2);

      // Reload: the tree comes back from IndexedDB, on the version that was shown.
      await expect
        .poll(() => page.storedRecord(page.threadId).then((r) => (r as { branches?: { forks?: { active?: number }[] } } | null | undefined)?.branches?.forks?.[0]?.active))
        .toBe(0);
      await page.page.goto(page.url({ delay: 0 }));
      await expect.poll(bubble).toBe(original);
      expect(await position("user")).toBe("1/2");
      await page.messages("user").getByTestId(TEST_ID.branchNext).click();
      await expect.poll(bubble).toBe(edited);

      // Regenerate the answer: the old one stays as version 1 of 2.
      const again = await page.turn();
      await page.byTestId(TEST_ID.answerActions).getByTestId(TEST_ID.regenerate).click();
      await again.settled("idle");
      await expect.poll(() => position("assistant")).toBe("2/2");
      expect(await bubble()).toBe(edited);
      await page.screenshot("branch-regenerated");

      // Copy: the answer's markdown, and its code block alone.
      await page.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      const row = page.byTestId(TEST_ID.answerActions);
      await row.getByTestId(TEST_ID.copy).click();
      await expect.poll(() => row.getByTestId(TEST_ID.copy).innerText()).toBe("Copied");
      expect(await page.page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN_REPLY);
      await row.getByTestId(TEST_ID.copyCode).click();
      const code = await page.page.evaluate(() => navigator.clipboard.readText());
      expect(code).toBe((await page.messages("assistant").locator("pre code").innerText()).replace(/\n$/, ""));
    });
  });

  test("layout: light and dark at 1280 and 390 px; code follows the colour scheme and wraps; no state, no state column", async () => {
    await withPage({ scenario: "markdown", delay: 0 }, async (page) => {
      await page.page.setViewportSize({ width: 1280, height: 800 });
      const asked = await page.turn();
      await page.send("Plan three days in Lisbon for me.");
      await asked.settled("idle");
      const code = page.messages("assistant").locator(".tl-code pre");
      // The first token of the code block ("type"), once Shiki has loaded.
      const keyword = code.locator("span.line span").first();
      const colour = (locator: typeof code) => locator.evaluate((el) => getComputedStyle(el).color);
      await expect.poll(() => keyword.count()).toBe(1);
      expect(await keyword.innerText()).toBe("type");
      expect(await colour(keyword)).toBe("rgb(215, 58, 73)"); // GitHub light
      // This scenario has no shared state: the panel is a folded tab, not a 300 px column.
      const panel = page.byTestId(TEST_ID.statePanel);
      expect(await panel.getAttribute("data-open")).toBe("false");
      expect((await panel.boundingBox())!.width).toBeLessThan(60);
      await page.screenshot("layout-1280-light");

      await page.page.emulateMedia({ colorScheme: "dark" });
      expect(await page.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(15, 20, 32)");
      // The code's colours follow: GitHub dark, on a dark box.
      expect(await colour(keyword)).toBe("rgb(249, 117, 131)");
      expect(await code.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(13, 17, 23)");
      await page.screenshot("layout-1280-dark");

      await page.page.setViewportSize({ width: 390, height: 844 });
      const composer = await page.composer.boundingBox();
      expect(composer).not.toBeNull();
      expect(composer!.y + composer!.height).toBeLessThanOrEqual(844);
      expect(composer!.x + composer!.width).toBeLessThanOrEqual(390);
      expect(await page.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // Long code lines wrap inside the block: nothing is cut off or left to a hidden scroll.
      expect(await code.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await code.innerText()).toContain("// positive: is owed money; negative: owes money");
      // The sidebar is behind the menu; the list follows the answer to its end.
      await expect.poll(() => page.byTestId(TEST_ID.sidebar).isVisible()).toBe(false);
      expect(await page.byTestId(TEST_ID.menu).isVisible()).toBe(true);
      const gap = await page.byTestId(TEST_ID.messageList).locator(".tl-thread-window-scroller").evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
      expect(gap).toBeLessThanOrEqual(2);
      await page.screenshot("layout-390-dark");
      await page.page.emulateMedia({ colorScheme: "light" });
      expect(await colour(keyword)).toBe("rgb(215, 58, 73)");
      await page.screenshot("layout-390-light");
    });
  });

  test("stop: the partial text stays and the status goes back to idle", async () => {
    await withPage({ scenario: "markdown", speed: 1 }, async (page) => {
      const turn = await page.turn();
      await page.send("Plan three days in Lisbon for me.");
      const text = page.messages("assistant").getByTestId(TEST_ID.messageText);
      await expect.poll(() => text.innerText().then((t) => t.length), { timeout: 10_000 }).toBeGreaterThan(120);
      // While the answer streams its row is there, Regenerate disabled and nothing to copy yet.
      const row = page.byTestId(TEST_ID.answerActions);
      expect(await row.getByTestId(TEST_ID.regenerate).isDisabled()).toBe(true);
      expect(await row.getByTestId(TEST_ID.copy).count()).toBe(0);
      await page.byTestId(TEST_ID.stop).click();
      await turn.settled("idle");
      expect(await page.byTestId(TEST_ID.stop).count()).toBe(0);
      const partial = await text.innerText();
      expect(partial.length).toBeGreaterThan(120);
      expect(partial).not.toContain("Enjoy the trip");
      // Nothing more arrives after the stop.
      await page.page.waitForTimeout(600);
      expect(await text.innerText()).toBe(partial);
      expect(await page.composer.evaluate((el) => el === document.activeElement)).toBe(true);
      // The cut-short answer is marked, with a way to let the agent go on.
      await expect.poll(() => page.byTestId(TEST_ID.stopped).count()).toBe(1);
      expect(await page.byTestId(TEST_ID.continue).isVisible()).toBe(true);
      expect(await row.getByTestId(TEST_ID.regenerate).isEnabled()).toBe(true);
      await page.screenshot("stop");
    });
  });

  test("reload: the thread (a Tambo card too) comes back from IndexedDB; the thread list switches threads", async () => {
    await withPage({ scenario: "approval" }, async (page) => {
      const asked = await page.turn();
      await page.send("Delete my old draft notes.");
      await asked.settled("awaiting-input");
      const approved = await page.turn();
      await page.byTestId(TEST_ID.approve).click();
      await approved.settled("idle");
      await page.waitForStoredMessages(4);
      const first = page.threadId;
      const before = await page.messages().allInnerTexts();

      // A reload without ?thread= opens the thread the user was on.
      await page.page.goto(page.url({ delay: 2 }));
      await expect.poll(() => page.messages().allInnerTexts()).toEqual(before);
      expect(await page.byTestId(TEST_ID.toolCall).getAttribute("data-status")).toBe("succeeded");
      // The stored thread is shown, and opening it started no turn.
      expect(await page.status()).toBe("idle");
      expect(await page.byTestId(TEST_ID.runStatus).getAttribute("data-turns")).toBe("0");

      // A new chat whose Tambo component (which AG-UI messages cannot carry) and show_weather
      // card both come back after a reload.
      await page.byTestId(TEST_ID.newThread).click();
      await expect.poll(() => page.messages().count()).toBe(0);
      await expect.poll(() => page.composer.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.byTestId(TEST_ID.scenario).selectOption("weather-card");
      await page.byTestId(TEST_ID.variant).selectOption("both");
      const weather = await page.turn();
      await page.send("What's the weather in Lisbon?");
      await weather.settled("idle");
      const cards = page.byTestId(TEST_ID.weatherCard);
      expect(await cards.count()).toBe(2);
      const weatherThread = await page.openThreadId();
      await expect.poll(() => page.storedComponentNames(weatherThread), { timeout: 10_000 }).toEqual(["WeatherCard"]);
      await page.page.goto(page.url({ delay: 2 }));
      await expect.poll(() => cards.count()).toBe(2);
      await checkWeatherCard(cards.nth(0), weatherFor("Lisbon"), "component");
      await checkWeatherCard(cards.nth(1), weatherFor("Lisbon"), "tool-call");
      await page.screenshot("reload-weather");

      // Back to the first thread through the list (core's thread index, titled by the first message).
      const items = page.byTestId(TEST_ID.threadItem);
      await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2);
      const firstItem = page.page.locator(`[data-testid="${TEST_ID.threadItem}"][data-thread-id="${first}"]`);
      expect(await firstItem.locator(".thread-title").innerText()).toBe("Delete my old draft notes.");
      await firstItem.locator(".thread-open").click();
      await expect.poll(() => page.messages().allInnerTexts()).toEqual(before);
      await page.screenshot("reload");

      // Deleting a thread removes it from the list and from storage.
      await page.page.locator(`[data-testid="${TEST_ID.threadItem}"][data-thread-id="${weatherThread}"] [data-testid="${TEST_ID.deleteThread}"]`).click();
      await expect.poll(() => page.page.locator(`[data-thread-id="${weatherThread}"]`).count()).toBe(0);
      await expect.poll(() => page.storedComponentNames(weatherThread)).toBeNull();
    });
  });

  test("long-thread: 100,000 messages load (AG-UI connect) into a list that draws a screenful; the reply streams below them; the list scrolls end to end and back to the latest", async () => {
    await withPage({ scenario: "long-thread" }, async (page) => {
      // A new thread of this scenario offers to load the history instead of a prompt.
      await page.byTestId(TEST_ID.loadHistory).waitFor();
      expect(await page.byTestId(TEST_ID.suggestion).count()).toBe(0);
      await page.screenshot("long-thread-load");
      const scroller = page.byTestId(TEST_ID.messageList).locator(".tl-thread-window-scroller");
      // The list's own rows (a markdown answer has list items of its own inside).
      const rowsOf = page.page.getByRole("list", { name: "Messages" }).locator(":scope > [role=listitem]");
      const last = (n: number) => `${page.threadId}-history-${String(n).padStart(5, "0")}`;
      const started = Date.now();
      const load = await page.turn();
      await page.byTestId(TEST_ID.loadHistory).click();
      await load.settled("idle", 120_000);
      await expect.poll(() => page.messages().last().getAttribute("data-message-id"), { timeout: 30_000 }).toBe(last(HISTORY_LENGTH - 1));
      const loadMs = Date.now() - started;
      // The list knows every message (set size, positions); it draws a screenful and its margins.
      const drawn = await page.messages().count();
      expect(drawn).toBeGreaterThan(3);
      expect(drawn).toBeLessThan(80);
      expect(await rowsOf.last().getAttribute("aria-setsize")).toBe(String(HISTORY_LENGTH));
      expect(await rowsOf.last().getAttribute("aria-posinset")).toBe(String(HISTORY_LENGTH));

      const asked = await page.turn();
      await page.send("How long is this thread?");
      await asked.settled("idle", 120_000);
      const reply = page.messages("assistant").last();
      await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain(`This thread holds ${(HISTORY_LENGTH + 1).toLocaleString("en-US")} messages.`);
      // The order at the end: the history's last messages, then the question, then the reply.
      const rows = await rowsOf.evaluateAll((els) => els.map((el) => ({ at: Number(el.getAttribute("aria-posinset")), id: el.getAttribute("data-message-id") })));
      expect(rows.at(-1)?.at).toBe(HISTORY_LENGTH + 2);
      expect(rows.at(-2)?.at).toBe(HISTORY_LENGTH + 1);
      expect(rows.at(-3)?.id).toBe(last(HISTORY_LENGTH - 1));
      expect(rows.every((row, i) => i === 0 || row.at === rows[i - 1]!.at + 1)).toBe(true);
      expect(await page.messages("user").last().innerText()).toContain("How long is this thread?");

      const metrics = await scroller.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight, scrollTop: el.scrollTop }));
      expect(metrics.scrollHeight).toBeGreaterThan(metrics.clientHeight * 1000);
      // Pinned to the bottom: the reply is in view.
      expect(metrics.scrollTop + metrics.clientHeight).toBeGreaterThan(metrics.scrollHeight - 2);
      expect(await reply.isVisible()).toBe(true);

      // Scroll through it in steps across the whole thread, as a dragged scroll bar would, and time the frames.
      const frames = await scroller.evaluate(async (el) => {
        const times: number[] = [];
        for (let i = 0; i < 40; i++) {
          el.scrollTop = (el.scrollHeight * i) / 40;
          const t0 = performance.now();
          await new Promise(requestAnimationFrame);
          times.push(performance.now() - t0);
        }
        el.scrollTop = 0;
        await new Promise(requestAnimationFrame);
        return times.sort((a, b) => a - b);
      });
      // At the top: the thread's first message, drawn and in view.
      const firstMessage = page.messages().and(page.page.locator(`[data-message-id="${last(0)}"]`));
      await expect.poll(() => firstMessage.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      // Away from the newest message, jump-to-latest brings it back into view.
      await page.byTestId(TEST_ID.jumpLatest).click();
      await expect.poll(() => reply.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight + 1 && el.getBoundingClientRect().top >= 0)).toBe(true);
      await expect.poll(() => page.byTestId(TEST_ID.jumpLatest).count()).toBe(0);
      const median = frames[Math.floor(frames.length / 2)] ?? 0;
      console.log(`[${app.framework}] long-thread: ${HISTORY_LENGTH.toLocaleString("en-US")} messages loaded ${loadMs} ms after the click; scroll frame median ${median.toFixed(1)} ms`);
      await page.screenshot("long-thread");
    });
  });

  test("menu: at 390 px a button opens the sidebar as a drawer (aria-expanded, focus in, Escape out); New chat, scenarios and threads work from it", async () => {
    await withPage({ scenario: "weather-card", variant: "tool" }, async (page) => {
      await page.page.setViewportSize({ width: 390, height: 844 });
      const turn = await page.turn();
      await page.send("What's the weather in Porto?");
      await turn.settled("idle");
      expect(await page.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const menu = page.byTestId(TEST_ID.menu);
      const sidebar = page.byTestId(TEST_ID.sidebar);
      const focused = () => page.page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
      expect(await sidebar.isVisible()).toBe(false);
      expect(await page.byTestId(TEST_ID.newThread).isVisible()).toBe(false);
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await menu.getAttribute("aria-controls")).toBe(await sidebar.getAttribute("id"));

      // Open: the drawer shows over the chat and takes focus (its first control, New chat).
      await menu.click();
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => sidebar.isVisible()).toBe(true);
      await expect.poll(focused).toBe(TEST_ID.newThread);
      // Slid in from the left edge (a short transition), narrower than the screen: the chat shows beside it.
      await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().x)).toBe(0);
      expect((await sidebar.boundingBox())!.width).toBeLessThan(390);
      await page.screenshot("menu-390-light");
      await page.page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot("menu-390-dark");
      await page.page.emulateMedia({ colorScheme: "light" });

      // Escape closes it and gives focus back to the button.
      await page.page.keyboard.press("Escape");
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      await expect.poll(() => sidebar.isVisible()).toBe(false);
      expect(await focused()).toBe(TEST_ID.menu);

      // The scenario picker works from the drawer; New chat closes it on a new thread.
      await menu.click();
      await expect.poll(() => sidebar.isVisible()).toBe(true);
      await page.byTestId(TEST_ID.scenario).selectOption("markdown");
      expect(await sidebar.isVisible()).toBe(true);
      await page.byTestId(TEST_ID.newThread).click();
      await expect.poll(() => sidebar.isVisible()).toBe(false);
      await expect.poll(() => page.messages().count()).toBe(0);
      expect(await page.byTestId(TEST_ID.suggestion).innerText()).toBe("Plan three days in Lisbon for me.");

      // The thread list is there too: opening the weather thread closes the drawer and shows it.
      await menu.click();
      await page.page.locator(`[data-testid="${TEST_ID.threadItem}"][data-thread-id="${page.threadId}"] .thread-open`).click();
      await expect.poll(() => sidebar.isVisible()).toBe(false);
      await expect.poll(() => page.byTestId(TEST_ID.weatherCard).count()).toBe(1);

      // A tap on the backdrop closes it as well.
      await menu.click();
      await expect.poll(() => sidebar.isVisible()).toBe(true);
      await page.page.mouse.click(380, 400);
      await expect.poll(() => sidebar.isVisible()).toBe(false);
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      await page.byTestId(TEST_ID.weatherCard).scrollIntoViewIfNeeded();
      await page.screenshot("phone");
    });
  });

  test("mastra: the backend switch talks to a Mastra agent; its get_weather client tool runs here", async () => {
    await withPage({ scenario: "markdown" }, async (page) => {
      await page.byTestId(TEST_ID.backend).getByLabel("Mastra").check();
      await expect.poll(() => page.byTestId(TEST_ID.suggestion).count()).toBeGreaterThan(1);
      await page.byTestId(TEST_ID.suggestion).filter({ hasText: "weather in Lyon" }).click();
      const turn = await page.turn();
      await page.composer.press("Enter");
      await turn.settled("idle", 30_000);
      const call = page.byTestId(TEST_ID.toolCall).and(page.page.locator('[data-tool-name="get_weather"]'));
      await expect.poll(() => call.getAttribute("data-status")).toBe("succeeded");
      // The result object as fields.
      expect(await call.getByTestId(TEST_ID.toolResult).locator('[data-field="city"] dd').innerText()).toBe("Lyon");
      await expect.poll(() => page.lastAnswer()).toContain("The client says:");
      await page.screenshot("mastra");
    });
  });

  inspectorTests(withPage);
}
