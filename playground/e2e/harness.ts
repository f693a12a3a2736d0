// What every e2e test file shares: the servers and the app (started once per file), one Chromium
// profile, and helpers that speak the DOM contract of shared/contract.ts.
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { TEST_ID } from "../shared/contract.js";
import { launchPlayground, type AppName, type Playground } from "../shared/launch.js";
import { launchChromium, type Browser } from "./browser.js";

export const ARTIFACTS = fileURLToPath(new URL("../artifacts/", import.meta.url));

export interface OpenOptions {
  readonly scenario?: string;
  readonly variant?: string;
  /** Fixed gap between events (ms) on the scripted server; default 2. */
  readonly delay?: number;
  /** Real-time pacing instead of `delay`. */
  readonly speed?: number;
  readonly backend?: "scripted" | "mastra";
  /** `plain`: the scripted server's own endpoint; default: through the resumable handler. */
  readonly network?: "plain" | "resumable";
  /** The offline switch at load (`?offline=`); default off, whatever an earlier test left stored. */
  readonly offline?: boolean;
}

export interface AppHarness {
  readonly framework: AppName;
  playground(): Playground;
  /** Opens the app on a fresh thread; returns its page and thread id. */
  open(options?: OpenOptions): Promise<AppPage>;
  /**
   * Opens `url` in a second Chromium (its own profile: no IndexedDB, no BroadcastChannel shared
   * with the first) — another device on the same server.
   */
  elsewhere(url: string): Promise<{ readonly page: Page; readonly errors: string[]; close(): Promise<void> }>;
}

export function useApp(framework: AppName, options: { mastra?: boolean } = {}): AppHarness {
  let playground: Playground | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    await mkdir(`${ARTIFACTS}${framework}`, { recursive: true });
    [playground, browser] = await Promise.all([
      launchPlayground({
        scriptedPort: 0,
        mastraPort: options.mastra === true ? 0 : false,
        mastraChunkDelayMs: 5,
        apps: { [framework]: 0 },
        mode: "preview",
        logLevel: "silent",
      }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  return {
    framework,
    playground: () => {
      if (playground === undefined) throw new Error("the playground did not start");
      return playground;
    },
    async elsewhere(url) {
      const other = await launchChromium();
      const page = await other.context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(url);
      return { page, errors, close: () => other.close() };
    },
    async open(open = {}) {
      if (playground === undefined || browser === undefined) throw new Error("the playground did not start");
      const page = await browser.context.newPage();
      const app = new AppPage(page, framework, playground);
      await app.goto(open);
      return app;
    },
  };
}

/** What the tests read of a stored thread record. */
interface StoredRecord {
  readonly messages?: unknown[];
  readonly components?: { name: string }[];
  readonly queue?: unknown[];
}

/** A turn the test is about to start; see `AppPage.turn()`. */
export class Turn {
  constructor(
    private readonly app: AppPage,
    private readonly before: number,
  ) {}

  /**
   * Waits until the turn has settled and the status reads `status` (which it must, once the
   * turn is over); resolves with the statuses shown since `turn()`, in order.
   */
  async settled(status = "idle", timeout = 20_000): Promise<string[]> {
    await this.app.page.waitForFunction(
      ([id, before]) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute("data-turns")) > before,
      [TEST_ID.runStatus, this.before] as const,
      { timeout },
    );
    expect(await this.app.status(), "the status once the turn settled").toBe(status);
    return this.app.page.evaluate(() => [...((window as unknown as { statusLog?: string[] }).statusLog ?? [])]);
  }
}

export class AppPage {
  readonly errors: string[] = [];
  threadId = "";

  constructor(
    readonly page: Page,
    readonly framework: AppName,
    private readonly playground: Playground,
  ) {
    page.on("pageerror", (error) => this.errors.push(error.message));
  }

  /** The app's URL with the backends' origins (and `extra` query parameters). */
  url(extra: Record<string, string | number | undefined> = {}): string {
    const query = new URLSearchParams({ scripted: this.playground.scripted });
    if (this.playground.mastra !== undefined) query.set("mastra", this.playground.mastra);
    for (const [key, value] of Object.entries(extra)) if (value !== undefined) query.set(key, String(value));
    return `${this.playground.apps[this.framework]}/?${query}`;
  }

  async goto(options: OpenOptions): Promise<void> {
    this.threadId = crypto.randomUUID();
    await this.page.goto(
      this.url({
        scenario: options.scenario ?? "markdown",
        variant: options.variant,
        backend: options.backend ?? "scripted",
        network: options.network,
        offline: options.offline === true ? 1 : 0,
        ...(options.speed === undefined ? { delay: options.delay ?? 2 } : { speed: options.speed }),
        thread: this.threadId,
      }),
    );
    await this.byTestId(TEST_ID.composer).waitFor();
  }

  byTestId(id: string): Locator {
    return this.page.getByTestId(id);
  }

  get composer(): Locator {
    return this.byTestId(TEST_ID.composer);
  }

  messages(role?: string): Locator {
    const all = this.byTestId(TEST_ID.message);
    return role === undefined ? all : all.and(this.page.locator(`[data-role="${role}"]`));
  }

  /** The text of the last assistant message (its markdown, as laid out). */
  lastAnswer(): Promise<string> {
    return this.messages("assistant").last().getByTestId(TEST_ID.messageText).innerText();
  }

  /**
   * Holds back the next scripted disconnect on this page's thread until `releaseDisconnect()`,
   * so the test can see what streamed before the drop (see playground/server/holds.ts).
   */
  async holdDisconnect(): Promise<void> {
    await this.holdRequest("POST");
  }

  async releaseDisconnect(): Promise<void> {
    await this.holdRequest("DELETE");
  }

  private async holdRequest(method: "POST" | "DELETE"): Promise<void> {
    const response = await fetch(`${this.playground.scripted}/holds/${encodeURIComponent(this.threadId)}`, { method });
    if (!response.ok) throw new Error(`${method} /holds: ${response.status} ${await response.text()}`);
  }

  /** Types the message and presses Enter (the keyboard path a user takes). */
  async send(text: string): Promise<void> {
    await this.composer.fill(text);
    await this.composer.press("Enter");
  }

  async status(): Promise<string | null> {
    return this.byTestId(TEST_ID.runStatus).getAttribute("data-status");
  }

  /**
   * Call before the action that starts a turn (a send, a retry, an answer…), then `settled()`.
   * Waiting for a status alone is ambiguous: "idle" holds before a send is drawn and while a
   * stored thread loads. The panel's `data-turns` grows only when a turn the user started has
   * settled, so waiting for it to pass the count read here waits for this action's turn.
   */
  async turn(): Promise<Turn> {
    const turns = await this.byTestId(TEST_ID.runStatus).getAttribute("data-turns");
    if (turns === null) throw new Error("the run status shows no data-turns");
    // Every status the panel shows from now on, so a test can check the turn went through one.
    await this.page.evaluate((id) => {
      const holder = window as unknown as { statusLog?: string[]; statusObserver?: MutationObserver };
      holder.statusObserver?.disconnect();
      const status = document.querySelector(`[data-testid="${id}"]`);
      if (status === null) throw new Error("no run status");
      const log = [status.getAttribute("data-status") ?? ""];
      holder.statusLog = log;
      holder.statusObserver = new MutationObserver(() => {
        const now = status.getAttribute("data-status") ?? "";
        if (log[log.length - 1] !== now) log.push(now);
      });
      holder.statusObserver.observe(status, { attributes: true, attributeFilter: ["data-status"] });
    }, TEST_ID.runStatus);
    return new Turn(this, Number(turns));
  }

  /** Resolves once IndexedDB holds this thread with at least `count` messages. */
  async waitForStoredMessages(count: number): Promise<void> {
    await expect
      .poll(() => this.storedRecord(this.threadId).then((record) => (record === undefined ? -1 : (record?.messages?.length ?? 0))), {
        timeout: 10_000,
        interval: 100,
      })
      .toBeGreaterThanOrEqual(count);
  }

  /** Resolves once IndexedDB holds this thread with `count` messages in its send queue. */
  async waitForStoredQueue(count: number): Promise<void> {
    await expect
      .poll(() => this.storedRecord(this.threadId).then((record) => record?.queue?.length ?? 0), { timeout: 10_000, interval: 100 })
      .toBe(count);
  }

  /** The names of the Tambo components stored with a thread ([] when none; null when no record). */
  async storedComponentNames(threadId: string): Promise<string[] | null> {
    const record = await this.storedRecord(threadId);
    return record === null || record === undefined ? null : (record.components ?? []).map((c) => c.name);
  }

  /** The thread's record in the app's IndexedDB: null when absent, undefined when the store is not there yet. */
  storedRecord(threadId: string): Promise<StoredRecord | null | undefined> {
    return this.page.evaluate(
      ([key]) =>
        new Promise<StoredRecord | null | undefined>((resolve) => {
          const request = indexedDB.open("threadline-playground");
          request.onerror = () => resolve(undefined);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains("threads")) return resolve(undefined);
            const get = db.transaction("threads").objectStore("threads").get(key as string);
            get.onsuccess = () => resolve((get.result as StoredRecord | undefined) ?? null);
            get.onerror = () => resolve(undefined);
          };
        }),
      [threadId],
    );
  }

  /** The id of the thread the app has open (its saved settings). */
  openThreadId(): Promise<string> {
    return this.page.evaluate(() => (JSON.parse(localStorage.getItem("threadline-playground:settings") ?? "{}") as { threadId?: string }).threadId ?? "");
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `${ARTIFACTS}${this.framework}/${name}.png` });
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}
