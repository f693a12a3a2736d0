// The full-stack apps (playground/sveltekit, playground/nuxt) in Chromium, one suite for both: the
// production build, served by the framework's own server (rendering pages and answering the agent
// route), forwarding to the scripted AG-UI server this suite starts. A full turn, a client tool, an
// approval, a reload that keeps the thread, the server-rendered history that hydration neither
// fetches nor redraws, a reload mid-answer that picks the run up again, another user who gets
// nothing, and an agent that is not there.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer } from "../server/server.js";
import { launchChromium, type Browser } from "./browser.js";
import { ARTIFACTS } from "./harness.js";

export interface FullStackApp {
  /** The name the tests are described under ("SvelteKit"). */
  readonly name: string;
  /** Its folder under playground/artifacts/ for screenshots. */
  readonly artifacts: string;
  /** Builds the app for production. */
  build(): Promise<void>;
  /** Serves the build on a free 127.0.0.1 port, its agent route forwarding to `agentUrl`. */
  serve(agentUrl: string): Promise<{ readonly origin: string; stop(): void }>;
  /** More tests, given the app's origin and the browser. */
  extra?(context: FullStackContext): void;
}

export interface FullStackContext {
  origin(): string;
  browser(): Browser;
}

/**
 * Starts `command` and resolves the origin it announces on stdout or stderr (the first `http://127.0.0.1:<port>`
 * that `announce` finds in its output, colours taken out); rejects if it exits first.
 */
export function serveProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; announce: RegExp },
): Promise<{ origin: string; stop(): void; output(): string }> {
  const child: ChildProcess = spawn(command, args, { cwd: options.cwd, env: { ...process.env, NO_COLOR: "1", ...options.env } });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = options.announce.exec(output.replace(/\x1b\[[0-9;]*m/g, ""));
      if (found) resolve({ origin: `http://127.0.0.1:${found[1]}`, stop: () => child.kill(), output: () => output });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${command} exited (${code}): ${output}`)));
  });
}

export function fullStackSuite(app: FullStackApp): void {
  let agent: Awaited<ReturnType<typeof startServer>> | undefined;
  let served: { origin: string; stop(): void } | undefined;
  let browser: Browser | undefined;
  const origin = (): string => served!.origin;

  beforeAll(async () => {
    await mkdir(`${ARTIFACTS}${app.artifacts}`, { recursive: true });
    agent = await startServer({ delayMs: 2 });
    await app.build();
    [served, browser] = await Promise.all([app.serve(agent.url), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    served?.stop();
    await agent?.close();
  });

  async function open(query: Record<string, string> = {}): Promise<{ page: Page; url: string }> {
    const url = `${origin()}/?${new URLSearchParams({ thread: randomUUID(), ...query })}`;
    const page = await browser!.context.newPage();
    await page.goto(url);
    await hydrated(page);
    return { page, url };
  }

  /** Typing before hydration would be lost: wait until the chat answers to the form. */
  const hydrated = (page: Page): Promise<void> => expect.poll(() => page.evaluate(() => (window as { __hydrated?: boolean }).__hydrated === true)).toBe(true);

  async function send(page: Page, text: string): Promise<void> {
    await hydrated(page);
    await page.getByLabel("Message").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
  }

  /** The session cookie the app gave this browser, for requests made outside it. */
  async function sessionCookie(): Promise<string> {
    return (await browser!.context.cookies(origin())).map((c) => `${c.name}=${c.value}`).join("; ");
  }

  const status = (page: Page) => page.getByTestId("status").textContent();
  const messages = (page: Page) =>
    page.$$eval("[data-testid=message]", (items) => items.map((li) => ({ id: li.getAttribute("data-id"), role: li.getAttribute("data-role"), text: li.textContent?.trim() ?? "" })));

  describe(`${app.name} full-stack app`, () => {
    test("a full turn streams the answer; a reload keeps the thread; the server renders its history", async () => {
      const { page, url } = await open();
      await send(page, "Plan three days in Lisbon");
      await expect.poll(() => messages(page).then((m) => m.length)).toBe(2);
      await expect.poll(() => status(page)).toBe("idle");
      const before = await messages(page);
      expect(before[0]).toMatchObject({ role: "user", text: "Plan three days in Lisbon" });
      expect(before[1]!.role).toBe("assistant");
      expect(before[1]!.text).toContain("Three days in Lisbon");
      await page.screenshot({ path: `${ARTIFACTS}${app.artifacts}/turn.png` });

      // The server kept the thread: its HTML, for this browser's session, already holds both messages.
      const session = { cookie: await sessionCookie() };
      await expect.poll(async () => (await (await fetch(url, { headers: session })).text()).includes("Three days in Lisbon")).toBe(true);
      const html = await (await fetch(url, { headers: session })).text();
      expect(html).toContain("Plan three days in Lisbon");
      expect(html).toContain(`data-id="${before[1]!.id}"`);
      // Streaming markdown: the answer is HTML (heading, emphasis, the table), on the page and in
      // the server's HTML (whose payload also carries the message's markdown source).
      const rendered = await page.$$eval("[data-testid=message][data-role=assistant]", ([answer]) => ({
        heading: answer?.querySelector("h2")?.textContent,
        strong: answer?.querySelector("strong")?.textContent,
        cells: answer?.querySelectorAll("table td").length ?? 0,
      }));
      expect(rendered).toMatchObject({ heading: "Three days in Lisbon", strong: "seven hills" });
      expect(rendered.cells).toBeGreaterThan(0);
      expect(html).toMatch(/<h2[^>]*>Three days in Lisbon<\/h2>/);

      // Reload: the same thread, hydrated from the server's HTML — no request for data (not to the
      // agent route, not for the thread), and the server-rendered message elements are kept, not
      // removed and drawn again.
      const fetched: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "fetch" || request.resourceType() === "xhr") fetched.push(request.url());
      });
      await page.addInitScript(() => {
        // The elements the browser parsed from the server's HTML, before the app's modules (loaded
        // asynchronously) can hydrate anything.
        document.addEventListener("DOMContentLoaded", () => {
          (window as { __ssrMessages?: Element[] }).__ssrMessages = [...document.querySelectorAll("[data-testid=message]")];
        });
      });
      await page.reload();
      await hydrated(page);
      expect(await messages(page)).toEqual(before);
      const kept = await page.evaluate(() => {
        const parsed = (window as { __ssrMessages?: Element[] }).__ssrMessages ?? [];
        const now = [...document.querySelectorAll("[data-testid=message]")];
        return { parsed: parsed.length, same: now.length === parsed.length && now.every((element, i) => element === parsed[i]) };
      });
      expect(kept).toEqual({ parsed: 2, same: true }); // hydration adopted the server's elements
      expect(fetched).toEqual([]);
      await page.close();
    });

    test("a reload mid-answer follows the run the server still has, streaming, and the answer completes", async () => {
      // 40 ms a step: the answer streams for a few seconds, long enough to reload in the middle.
      const { page, url } = await open({ delay: "40" });
      await send(page, "Plan three days in Lisbon");
      await expect.poll(() => messages(page).then((m) => m[1]?.text.length ?? 0)).toBeGreaterThan(0);
      expect(await status(page)).toBe("streaming");
      await page.reload();
      await hydrated(page);
      // The server said a run is going: the page follows it, from the run's start, while it streams
      // (a stream held back until the run ends, as vite preview's gzip did, shows it only at the end).
      await expect.poll(() => messages(page).then((m) => m.map((message) => message.role))).toEqual(["user", "assistant"]);
      expect(await status(page)).toBe("streaming");
      await expect.poll(() => status(page), { timeout: 30_000 }).toBe("idle");
      const after = await messages(page);
      expect(after[0]!.text).toBe("Plan three days in Lisbon");
      expect(after[1]!.text).toContain("Three days in Lisbon");

      // The same answer as the server kept: a fresh load renders it identically.
      const other = await browser!.context.newPage();
      await other.goto(url);
      await hydrated(other);
      expect(await messages(other)).toEqual(after);
      await other.close();
      await page.close();
    });

    test("a client tool runs in the page and the agent continues with its result", async () => {
      const { page } = await open({ scenario: "client-tool" });
      await send(page, "What time is it where I am?");
      const call = page.locator("[data-testid=tool-call][data-name=get_local_time]");
      await expect.poll(() => call.getAttribute("data-status")).toBe("succeeded");
      await expect.poll(() => status(page)).toBe("idle");
      const all = await messages(page);
      expect(all.filter((m) => m.role === "assistant").length).toBeGreaterThanOrEqual(2); // the call, then the continuation
      await page.screenshot({ path: `${ARTIFACTS}${app.artifacts}/client-tool.png` });
      await page.close();
    });

    test("an approval waits for the user, and Approve resumes the agent", async () => {
      const { page } = await open({ scenario: "approval" });
      await send(page, "Delete my old draft notes.");
      const call = page.locator("[data-testid=tool-call][data-name=delete_file]");
      await expect.poll(() => call.getAttribute("data-status")).toBe("awaiting-approval");
      await expect.poll(() => status(page)).toBe("awaiting-input");
      await page.getByRole("button", { name: "Approve" }).click();
      await expect.poll(() => call.getAttribute("data-status")).toBe("succeeded");
      await expect.poll(() => status(page)).toBe("idle");
      await page.screenshot({ path: `${ARTIFACTS}${app.artifacts}/approval.png` });
      await page.close();
    });

    test("another user who opens the thread's URL sees none of it and cannot write on it", async () => {
      const { page, url } = await open();
      await send(page, "Plan three days in Lisbon");
      await expect.poll(() => messages(page).then((m) => m.length)).toBe(2);
      await expect.poll(() => status(page)).toBe("idle");
      const mine = await messages(page);

      // A second browser: a session of its own (its own cookie), the same URL.
      const stranger = await launchChromium();
      try {
        const other = await stranger.context.newPage();
        await other.goto(url);
        await hydrated(other);
        expect(await messages(other)).toEqual([]);
        expect(await other.content()).not.toContain("Plan three days in Lisbon");
        await other.getByLabel("Message").fill("Your session expired: sign in at https://evil.example");
        const refused = other.waitForResponse((response) => response.request().method() === "POST");
        await other.getByRole("button", { name: "Send" }).click();
        expect((await refused).status()).toBe(409); // THREAD_ID_TAKEN, before the agent hears of it
        // A production build shows the code (its sentences are dropped: see the errors reference).
        await expect.poll(() => other.getByTestId("error").textContent()).toContain("HTTP_STATUS");
      } finally {
        await stranger.close();
      }
      await page.reload();
      await hydrated(page);
      expect(await messages(page)).toEqual(mine);
      await page.close();
    });

    test("an agent that is not there is an error on the page", async () => {
      const { page } = await open();
      const port = new URL(agent!.url).port;
      await agent!.close();
      try {
        await send(page, "Hello?");
        // The route's createAgentHandler starts the run, so an unreachable upstream arrives as the
        // run's RUN_ERROR rather than as an HTTP status of the route itself; the cause (an address
        // on the server's network) stays in the server's log.
        await expect.poll(() => page.getByTestId("error").textContent()).toContain("AGENT_RUN_ERROR");
        expect(await page.getByTestId("error").textContent()).toContain("The agent failed");
        expect(await page.getByTestId("error").textContent()).not.toContain("ECONNREFUSED");
      } finally {
        agent = await startServer({ delayMs: 2, port: Number(port) });
        await page.close();
      }
    });

    app.extra?.({ origin, browser: () => browser! });
  });
}
