// <ThreadWindow> in Chromium, Svelte and Vue alike: a 100,000-message thread server-rendered then
// hydrated, scrolled, streamed into, jumped through, prepended to and branch-switched, with the
// pixels checked each time. The pages are src/fixtures/ of each app over shared/thread-window-fixture.ts,
// built here with the app's own Vite config (client and SSR) and served with their server HTML.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FIXTURE_MESSAGES } from "../shared/thread-window-fixture.js";
import { launchChromium, type Browser } from "./browser.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const COUNT = FIXTURE_MESSAGES;
const STYLE = `
  html, body { margin: 0; height: 100%; font: 16px/1.5 sans-serif; }
  #app { height: 100%; }
  .fixture-window { height: 100%; }
  .fixture-row { padding: 8px 16px; border-bottom: 1px solid #ddd; }
  .fixture-row p { margin: 0.5em 0; }
  .fixture-row[data-role="user"] { background: #f4f4ff; }
  .fixture-footer { height: 24px; }
  pre { background: #eee; padding: 8px; }
`;

/** Builds the fixture page of `app` (client bundle and server renderer) into `outDir`. */
async function buildFixture(app: "svelte" | "vue", outDir: string): Promise<() => Promise<string>> {
  const root = here(`../${app}`);
  const common = { root, configFile: join(root, "vite.config.ts"), logLevel: "silent", mode: "production" } as const;
  await build({
    ...common,
    build: {
      outDir: join(outDir, "client"),
      emptyOutDir: true,
      rolldownOptions: { input: join(root, "src/fixtures/thread-window-client.ts"), output: { entryFileNames: "client.js" } },
    },
  });
  await build({
    ...common,
    ssr: { noExternal: true },
    build: { outDir: join(outDir, "server"), emptyOutDir: true, ssr: join(root, "src/fixtures/thread-window-server.ts"), rolldownOptions: { output: { entryFileNames: "server.mjs" } } },
  });
  const server = (await import(pathToFileURL(join(outDir, "server", "server.mjs")).href)) as { renderPage(): string | Promise<string> };
  return async () => server.renderPage();
}

/** Serves the server-rendered page at / and the client bundle beside it. */
async function serve(clientDir: string, render: () => Promise<string>): Promise<{ url: string; close(): Promise<void> }> {
  const base = normalize(clientDir + sep);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    if (path === "/") {
      render().then(
        (body) => {
          response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>ThreadWindow fixture</title><style>${STYLE}</style></head><body><div id="app">${body}</div><script type="module" src="/client.js"></script></body></html>`);
        },
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    const file = normalize(join(base, path));
    if (!file.startsWith(base)) return void response.writeHead(403).end();
    readFile(file).then(
      (data) => response.writeHead(200, { "content-type": extname(file) === ".js" ? "text/javascript" : "application/octet-stream" }).end(data),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface RowBox {
  readonly index: number;
  readonly id: string;
  /** Relative to the scroller's top edge, px. */
  readonly top: number;
  readonly bottom: number;
  readonly pinned: boolean;
}

interface Metrics {
  readonly scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  readonly rows: readonly RowBox[];
  readonly latestButton: boolean;
  readonly active: string | null;
}

function metrics(page: Page): Promise<Metrics> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>(".tl-thread-window-scroller")!;
    const box = scroller.getBoundingClientRect();
    const rows = Array.from(document.querySelectorAll<HTMLElement>(".tl-thread-window-row"), (row) => {
      const rect = row.getBoundingClientRect();
      return { index: Number(row.getAttribute("aria-posinset")) - 1, id: row.dataset["messageId"]!, top: rect.top - box.top, bottom: rect.bottom - box.top, pinned: row.style.position === "absolute" };
    });
    return {
      scrollTop: scroller.scrollTop,
      scrollHeight: scroller.scrollHeight,
      clientHeight: scroller.clientHeight,
      rows,
      latestButton: document.querySelector(".tl-thread-window-latest") !== null,
      active: document.activeElement?.getAttribute("aria-posinset") ?? null,
    };
  });
}

/** `count` frames, then the task after the last (what was drawn is laid out and observed). */
function frames(page: Page, count = 3): Promise<void> {
  return page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) {
      await new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
      );
    }
  }, count);
}

const rowOf = (m: Metrics, id: string): RowBox | undefined => m.rows.find((row) => row.id === id && !row.pinned);
/** The first row whose top is in view. */
const firstVisible = (m: Metrics): RowBox => m.rows.find((row) => !row.pinned && row.top >= 0 && row.top < m.clientHeight)!;
const gapBelow = (m: Metrics): number => m.scrollHeight - m.scrollTop - m.clientHeight;

/** Markdown that grows a code block, paragraphs and a list, a few characters per token. */
function answerTokens(paragraphs: number): string[] {
  const text = [
    "Here is how the trams run:",
    "```ts\nconst lines = [12, 15, 18, 24, 28];\nfor (const line of lines) console.log(`tram ${line}`);\n```",
    ...Array.from({ length: paragraphs }, (_, i) => `Paragraph ${i + 1}: the tram climbs past tiled houses while the river shines below, and the bakery on the corner sells warm custard tarts.`),
    "- first stop\n- second stop\n- third stop",
  ].join("\n\n");
  const tokens: string[] = [];
  for (let i = 0; i < text.length; i += 4) tokens.push(text.slice(i, i + 4));
  return tokens;
}

describe.each(["svelte", "vue"] as const)("ThreadWindow in Chromium (%s)", (app) => {
  let outDir = "";
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let render: () => Promise<string>;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), `threadline-window-${app}-`));
    render = await buildFixture(app, outDir);
    [server, browser] = await Promise.all([serve(join(outDir, "client"), render), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  /** A fresh page, hydrated, with the problems it reports collected. */
  async function open(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser!.context.newPage();
    await page.setViewportSize({ width: 900, height: 700 });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" || (message.type() === "warning" && /hydrat|mismatch/i.test(message.text()))) problems.push(`${message.type()}: ${message.text()}`);
    });
    // Any error event (a ResizeObserver loop report is one, without being an exception).
    await page.addInitScript(() => {
      (window as unknown as { errorEvents: string[] }).errorEvents = [];
      window.addEventListener("error", (event) => (window as unknown as { errorEvents: string[] }).errorEvents.push(event.message));
    });
    await page.goto(server!.url);
    await page.waitForFunction(() => window.fixture?.view !== undefined, undefined, { timeout: 30_000 });
    await frames(page, 4);
    return { page, problems };
  }

  async function closed(page: Page, problems: string[]): Promise<void> {
    problems.push(...(await page.evaluate(() => (window as unknown as { errorEvents: string[] }).errorEvents)).map((m) => `error event: ${m}`));
    await page.close();
    expect(problems).toEqual([]);
  }

  test("the server draws the last rows; hydrated, the view sits at the latest message with a screenful drawn", async () => {
    const html = await render();
    const positions = [...html.matchAll(/aria-posinset="(\d+)"/g)].map((match) => Number(match[1]));
    expect(positions).toEqual(Array.from({ length: 10 }, (_, i) => COUNT - 9 + i));
    expect(html).toContain(`aria-setsize="${COUNT}"`);

    const page = await browser!.context.newPage();
    await page.setViewportSize({ width: 900, height: 700 });
    // The last row as the HTML parser made it: hydration must keep that element, not replace it.
    await page.addInitScript((count) => {
      new MutationObserver((_, observer) => {
        const row = document.querySelector(`[aria-posinset="${count}"]`);
        if (row) {
          (window as unknown as { serverRow: Element }).serverRow = row;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, COUNT);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /hydrat|mismatch/i.test(message.text())) problems.push(message.text());
    });
    await page.goto(server!.url);
    await page.waitForFunction(() => window.fixture?.view !== undefined, undefined, { timeout: 30_000 });
    await frames(page, 4);
    expect(await page.evaluate((count) => (window as unknown as { serverRow: Element }).serverRow === document.querySelector(`[aria-posinset="${count}"]`), COUNT)).toBe(true);
    const m = await metrics(page);
    expect(gapBelow(m)).toBeLessThanOrEqual(1);
    const last = rowOf(m, `m${COUNT - 1}`)!;
    // The last row sits above the 24 px footer, at the bottom of the view.
    expect(Math.abs(last.bottom + 24 - m.clientHeight)).toBeLessThanOrEqual(1);
    // A screenful and its margins, of a hundred thousand.
    expect(m.rows.length).toBeGreaterThan(5);
    expect(m.rows.length).toBeLessThan(80);
    expect(m.scrollHeight).toBeGreaterThan(COUNT * 40);
    expect(m.latestButton).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });

  test("a streamed markdown answer grows its row frame by frame, and the view stays at the bottom throughout", async () => {
    const { page, problems } = await open();
    const gaps = await page.evaluate(async (tokens) => {
      const scroller = document.querySelector<HTMLElement>(".tl-thread-window-scroller")!;
      const seen: number[] = [];
      let done = false;
      const turn = window.fixture.ask("How do the trams run?", tokens, 2).then(() => (done = true));
      // Sampled after each frame is drawn (the task after the frame), as the reader sees it.
      while (!done) {
        await new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
        );
        seen.push(scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight);
      }
      await turn;
      return seen;
    }, answerTokens(12));
    expect(gaps.length).toBeGreaterThan(100);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1);
    await frames(page);
    const m = await metrics(page);
    const answer = m.rows.at(-1)!;
    expect(answer.id).toBe("answer-1");
    expect(answer.index).toBe(COUNT + 1);
    expect(answer.bottom - answer.top).toBeGreaterThan(500);
    expect(Math.abs(answer.bottom + 24 - m.clientHeight)).toBeLessThanOrEqual(1);
    await closed(page, problems);
  });

  test("following a streamed answer costs the window one scrollTop write a frame, no scrollTop read in a scroll event, and no box read or padding write while no row comes or goes", async () => {
    const { page, problems } = await open();
    const seen = await page.evaluate(async (tokens) => {
      const scroller = document.querySelector<HTMLElement>(".tl-thread-window-scroller")!;
      const list = document.querySelector<HTMLElement>(".tl-thread-window-list")!;
      const counts = { writes: 0, readsInScroll: 0, boxes: 0 };
      // The window's own reads and writes, counted through spies on the two elements it lays out.
      const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, "scrollTop")!;
      let inScroll = false;
      Object.defineProperty(scroller, "scrollTop", {
        configurable: true,
        get(this: Element) {
          if (inScroll) counts.readsInScroll++;
          return scrollTop.get!.call(this);
        },
        set(this: Element, value: number) {
          counts.writes++;
          scrollTop.set!.call(this, value);
        },
      });
      const box = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        if (this === scroller || this === list) counts.boxes++;
        return box.call(this);
      };
      // A scroll event's listeners run between this capturing one and the scroller's own added last.
      window.addEventListener("scroll", (event) => (inScroll = event.target === scroller), { capture: true });
      scroller.addEventListener("scroll", () => (inScroll = false));
      let rowsChanged = false;
      let paddingWritten = false;
      const note = (records: MutationRecord[]): void => {
        for (const record of records) {
          if (record.type === "childList") rowsChanged = true;
          else paddingWritten = true;
        }
      };
      const changes = new MutationObserver(note);
      changes.observe(list, { childList: true, attributes: true, attributeFilter: ["style"] });
      // A new message list (the question, the answer, the turn's end) is laid out anew, by design.
      let listChanged = false;
      const stop = window.fixture.chat.thread.messages.subscribe(() => (listChanged = true));
      const frames: { writes: number; readsInScroll: number; boxes: number; rowsChanged: boolean; paddingWritten: boolean }[] = [];
      let done = false;
      const turn = window.fixture.ask("How do the trams run?", tokens, 2).then(() => (done = true));
      while (!done) {
        await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        note(changes.takeRecords());
        frames.push({ ...counts, rowsChanged: listChanged || rowsChanged, paddingWritten });
        counts.writes = counts.readsInScroll = counts.boxes = 0;
        listChanged = rowsChanged = paddingWritten = false;
      }
      await turn;
      stop();
      Element.prototype.getBoundingClientRect = box;
      delete (scroller as { scrollTop?: number }).scrollTop;
      return { frames, gap: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight };
    }, answerTokens(12));
    const { frames: counted } = seen;
    expect(counted.length).toBeGreaterThan(100);
    // Still pinned to the bottom: a write in each frame where the answer grew a line (one in ten or so).
    expect(seen.gap).toBeLessThanOrEqual(1);
    expect(counted.filter((f) => f.writes === 1).length).toBeGreaterThan(10);
    // Its own scroll comes back at the next frame, after the frame's tokens changed the page: read
    // there, scrollTop would lay the page out before the frame does; it is read after layout.
    expect(counted.reduce((sum, f) => sum + f.readsInScroll, 0)).toBe(0);
    // A frame where a row only grew (no message and no row came or went): one write at most, and the list's top
    // is not measured again, nor a padding written (nothing above the list moved).
    const quiet = counted.filter((f) => !f.rowsChanged);
    expect(quiet.length).toBeGreaterThan(counted.length / 2);
    expect(quiet.filter((f) => f.writes > 1 || f.boxes > 0 || f.paddingWritten).map((f) => JSON.stringify(f))).toEqual([]);
    await closed(page, problems);
  });

  test("scrolled up while an answer streams, what the reader looks at holds still; jump to latest follows again", async () => {
    const { page, problems } = await open();
    const streaming = page.evaluate((tokens) => window.fixture.ask("Tell me more", tokens, 1), answerTokens(8));
    await frames(page, 20);
    await page.mouse.move(450, 300);
    await page.mouse.wheel(0, -600);
    await frames(page, 4);
    const before = await metrics(page);
    expect(before.latestButton).toBe(true);
    const held = firstVisible(before);
    const tops: number[] = [];
    for (let i = 0; i < 20; i++) {
      await frames(page, 2);
      tops.push(rowOf(await metrics(page), held.id)!.top);
    }
    expect(tops.every((top) => Math.abs(top - held.top) <= 1)).toBe(true);
    await streaming;
    await page.click(".tl-thread-window-latest");
    await frames(page, 4);
    const after = await metrics(page);
    expect(gapBelow(after)).toBeLessThanOrEqual(1);
    expect(after.latestButton).toBe(false);
    expect(after.rows.at(-1)?.id).toBe("answer-1");
    await closed(page, problems);
  });

  test("scrollToMessage lands a far message exactly where it was asked: start, center, end", async () => {
    const { page, problems } = await open();
    for (const [id, align] of [
      ["m12345", "start"],
      ["m50000", "center"],
      ["m87654", "end"],
      ["m3", "start"],
    ] as const) {
      expect(await page.evaluate(([target, where]) => window.fixture.view!.scrollToMessage(target, { align: where }), [id, align] as const)).toBe(true);
      await frames(page, 4);
      const m = await metrics(page);
      const row = rowOf(m, id)!;
      const at = align === "start" ? row.top : align === "end" ? row.bottom : (row.top + row.bottom) / 2;
      const wanted = align === "start" ? 0 : align === "end" ? m.clientHeight : m.clientHeight / 2;
      expect(Math.abs(at - wanted), `${id} (${align}) at ${at}, wanted ${wanted}`).toBeLessThanOrEqual(1);
      expect(m.latestButton).toBe(true);
    }
    expect(await page.evaluate(() => window.fixture.view!.scrollToMessage("no-such-message"))).toBe(false);
    await closed(page, problems);
  });

  test("scrolling up through rows never measured before, the content moves exactly as far as the scroll", async () => {
    const { page, problems } = await open();
    await page.evaluate(() => window.fixture.view!.scrollToMessage("m60000", { align: "start" }));
    await frames(page, 4);
    for (let step = 0; step < 12; step++) {
      const before = await metrics(page);
      const held = firstVisible(before);
      await page.evaluate(() => document.querySelector(".tl-thread-window-scroller")!.scrollBy(0, -450));
      await frames(page, 3);
      const after = await metrics(page);
      if (Math.abs(rowOf(after, held.id)!.top - (held.top + 450)) > 1) console.log(JSON.stringify({ step, held, before: { st: before.scrollTop, sh: before.scrollHeight, rows: before.rows.map((r) => [r.id, Math.round(r.top), Math.round(r.bottom - r.top)]) }, after: { st: after.scrollTop, sh: after.scrollHeight, rows: after.rows.map((r) => [r.id, Math.round(r.top), Math.round(r.bottom - r.top)]) } }));
      expect(Math.abs(rowOf(after, held.id)!.top - (held.top + 450)), `step ${step}`).toBeLessThanOrEqual(1);
    }
    // A drag of the scrollbar anywhere: the rows there are drawn, and nothing of the view is blank.
    for (const fraction of [0.5, 0.1, 0.9, 0]) {
      await page.evaluate((f) => {
        const scroller = document.querySelector(".tl-thread-window-scroller")!;
        scroller.scrollTop = f * (scroller.scrollHeight - scroller.clientHeight);
      }, fraction);
      await frames(page, 3);
      const m = await metrics(page);
      const flow = m.rows.filter((row) => !row.pinned);
      expect(flow[0]!.top, `at ${fraction}`).toBeLessThanOrEqual(fraction === 0 ? 60 : 0);
      expect(flow.at(-1)!.bottom, `at ${fraction}`).toBeGreaterThanOrEqual(m.clientHeight);
      if (fraction === 0) expect(flow[0]!.index).toBe(0);
    }
    await closed(page, problems);
  });

  test("history loaded above (at the top, onReachStart) leaves the rows in view where they were", async () => {
    const { page, problems } = await open();
    await page.evaluate(() => window.fixture.view!.scrollToMessage("m2", { align: "start" }));
    await frames(page, 4);
    await page.evaluate(() => document.querySelector(".tl-thread-window-scroller")!.scrollTo(0, 0));
    await frames(page, 4);
    expect(await page.evaluate(() => window.fixture.reachedStart)).toBeGreaterThanOrEqual(1);
    const before = await metrics(page);
    const held = firstVisible(before);
    await page.evaluate(() => window.fixture.prepend(500));
    await frames(page, 4);
    const after = await metrics(page);
    const moved = rowOf(after, held.id)!;
    expect(moved.index).toBe(held.index + 500);
    expect(Math.abs(moved.top - held.top)).toBeLessThanOrEqual(1);
    expect(after.scrollTop).toBeGreaterThan(before.scrollTop + 500 * 20);
    await closed(page, problems);
  });

  test("a branch switch replaces the tail; the fork's question stays where it was, and at the latest the view follows the new tail", async () => {
    const { page, problems } = await open();
    await page.evaluate((tokens) => window.fixture.ask("Short or long?", tokens, 8), answerTokens(1));
    await page.evaluate((tokens) => window.fixture.regenerate(tokens, 8), answerTokens(16));
    await frames(page, 4);
    const question = await page.evaluate(() => window.fixture.chat.thread.messages.value.at(-2)!.id);
    const answers = await page.evaluate(() => {
      const last = window.fixture.chat.thread.messages.value.at(-1)!;
      return { id: last.id, branches: window.fixture.chat.thread.branches(last.id) };
    });
    expect(answers.branches?.count).toBe(2);
    // At the latest: switching to the short answer keeps the view at the (new) bottom.
    await page.evaluate((id) => window.fixture.chat.switchBranch(id, 0), answers.id);
    await frames(page, 4);
    let m = await metrics(page);
    expect(gapBelow(m)).toBeLessThanOrEqual(1);
    expect(m.rows.at(-1)?.id).toBe("answer-1");
    // Away from the latest, the question at the top: switching to the long answer leaves it there.
    await page.evaluate((id) => window.fixture.view!.scrollToMessage(id, { align: "start" }), question);
    await frames(page, 4);
    const before = rowOf(await metrics(page), question)!;
    await page.evaluate((id) => window.fixture.chat.switchBranch(id, 1), "answer-1");
    await frames(page, 4);
    m = await metrics(page);
    expect(Math.abs(rowOf(m, question)!.top - before.top)).toBeLessThanOrEqual(1);
    expect(m.rows.some((row) => row.id === "answer-2")).toBe(true);
    await closed(page, problems);
  });

  test("a scroll the window did not make is kept: a few px above the bottom, or a scrollIntoView just before focus moves", async () => {
    const { page, problems } = await open();
    const rowTop = async (index: number) => rowOf(await metrics(page), `m${index}`)!.top;
    // Still counted at the latest (within 40 px), but a click into a row does not snap the view down.
    await page.evaluate(() => document.querySelector(".tl-thread-window-scroller")!.scrollBy(0, -20));
    await frames(page, 3);
    const near = await rowTop(COUNT - 2);
    await page.click(`[aria-posinset="${COUNT - 1}"]`);
    await frames(page, 3);
    expect((await metrics(page)).active).toBe(String(COUNT - 1));
    expect(Math.abs((await rowTop(COUNT - 2)) - near)).toBeLessThanOrEqual(1);
    // scrollIntoView, then focus in the same task (before any scroll event): the row stays at the
    // top, where scrollIntoView put it (the rows drawn above it meanwhile are compensated for).
    await page.evaluate((at) => {
      const row = document.querySelector<HTMLElement>(`[aria-posinset="${at}"]`)!;
      row.scrollIntoView({ block: "start" });
      row.focus({ preventScroll: true });
    }, COUNT - 6);
    await frames(page, 3);
    expect(Math.abs(await rowTop(COUNT - 7))).toBeLessThanOrEqual(1);
    expect((await metrics(page)).active).toBe(String(COUNT - 6));
    await closed(page, problems);
  });

  test("keyboard: Tab reaches one row, ↑ ↓ Home move and show it; the focused row is kept while the view goes elsewhere", async () => {
    const { page, problems } = await open();
    await page.keyboard.press("Tab");
    expect((await metrics(page)).active).toBe(String(COUNT));
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await frames(page);
    expect((await metrics(page)).active).toBe(String(COUNT - 2));
    await page.keyboard.press("Home");
    await frames(page, 4);
    let m = await metrics(page);
    expect(m.active).toBe("1");
    expect(Math.abs(rowOf(m, "m0")!.top)).toBeLessThanOrEqual(1);
    await page.evaluate(() => window.fixture.view!.scrollToLatest());
    await frames(page, 4);
    m = await metrics(page);
    expect(m.active).toBe("1");
    expect(m.rows.find((row) => row.id === "m0")?.pinned).toBe(true);
    expect(gapBelow(m)).toBeLessThanOrEqual(1);
    await page.keyboard.press("ArrowDown");
    await frames(page, 4);
    m = await metrics(page);
    expect(m.active).toBe("2");
    const second = rowOf(m, "m1")!;
    expect(second.top).toBeGreaterThanOrEqual(-1);
    expect(second.bottom).toBeLessThanOrEqual(m.clientHeight + 1);
    expect(m.rows.some((row) => row.pinned)).toBe(false);
    await closed(page, problems);
  });
});
