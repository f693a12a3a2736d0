// The SvelteKit full-stack app (playground/sveltekit) in Chromium: built with Vite, served by
// `vite preview` (SvelteKit's own server, rendering pages and answering /api/agent), forwarding to
// the scripted AG-UI server this file starts. A full turn, a client tool, an approval, a reload
// that keeps the thread, and the server-rendered history that hydration neither fetches nor redraws.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer } from "../server/server.js";
import { launchChromium, type Browser } from "./browser.js";
import { ARTIFACTS } from "./harness.js";

const root = fileURLToPath(new URL("../sveltekit/", import.meta.url));
let agent: Awaited<ReturnType<typeof startServer>> | undefined;
let app: ChildProcess | undefined;
let browser: Browser | undefined;
let origin = "";


const vite = fileURLToPath(new URL("../sveltekit/node_modules/.bin/vite", import.meta.url));

/** `vite preview` in the app's folder (SvelteKit reads its config from there); resolves its origin. */
function startPreview(agentUrl: string): Promise<string> {
  app = spawn(vite, ["preview", "--host", "127.0.0.1", "--port", "0"], { cwd: root, env: { ...process.env, AGENT_URL: agentUrl, NO_COLOR: "1" } });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      // Vite colours its banner when CI is set (picocolors): match its Local: line with the escape
      // sequences taken out (the app may print the agent's address before it).
      const found = /Local:\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ""));
      if (found) resolve(`http://127.0.0.1:${found[1]}`);
    };
    app!.stdout!.on("data", onData);
    app!.stderr!.on("data", onData);
    app!.on("exit", (code) => reject(new Error(`vite preview exited (${code}): ${output}`)));
  });
}

beforeAll(async () => {
  await mkdir(`${ARTIFACTS}sveltekit`, { recursive: true });
  agent = await startServer({ delayMs: 2 });
  await promisify(execFile)(vite, ["build", "--logLevel", "warn"], { cwd: root });
  [origin, browser] = await Promise.all([startPreview(agent.url), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  app?.kill();
  await agent?.close();
});

async function open(query: Record<string, string> = {}): Promise<{ page: Page; url: string }> {
  const url = `${origin}/?${new URLSearchParams({ thread: randomUUID(), ...query })}`;
  const page = await browser!.context.newPage();
  await page.goto(url);
  await page.locator("body[data-hydrated]").or(page.locator("main")).first().waitFor();
  await expect.poll(() => page.evaluate(() => document.querySelector("form") !== null)).toBe(true);
  return { page, url };
}

async function send(page: Page, text: string): Promise<void> {
  // Typing before hydration would be lost: wait until the chat answers to the form.
  await expect.poll(() => page.evaluate(() => (window as { __hydrated?: boolean }).__hydrated === true)).toBe(true);
  await page.getByLabel("Message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

/** The session cookie the app gave this browser (hooks.server.ts), for requests made outside it. */
async function sessionCookie(): Promise<string> {
  return (await browser!.context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
}

const status = (page: Page) => page.getByTestId("status").textContent();
const messages = (page: Page) =>
  page.$$eval("[data-testid=message]", (items) => items.map((li) => ({ id: li.getAttribute("data-id"), role: li.getAttribute("data-role"), text: li.textContent?.trim() ?? "" })));

describe("SvelteKit full-stack app", () => {
  test("a full turn streams the answer; a reload keeps the thread; the server renders its history", async () => {
    const { page, url } = await open();
    await send(page, "Plan three days in Lisbon");
    await expect.poll(() => messages(page).then((m) => m.length)).toBe(2);
    await expect.poll(() => status(page)).toBe("idle");
    const before = await messages(page);
    expect(before[0]).toMatchObject({ role: "user", text: "Plan three days in Lisbon" });
    expect(before[1]!.role).toBe("assistant");
    expect(before[1]!.text).toContain("Three days in Lisbon");
    await page.screenshot({ path: `${ARTIFACTS}sveltekit/turn.png` });

    // The server kept the thread: its HTML, for this browser's session, already holds both messages.
    const session = { cookie: await sessionCookie() };
    await expect.poll(async () => (await (await fetch(url, { headers: session })).text()).includes("Three days in Lisbon")).toBe(true);
    const html = await (await fetch(url, { headers: session })).text();
    expect(html).toContain("Plan three days in Lisbon");
    expect(html).toContain(`data-id="${before[1]!.id}"`);

    // Reload: the same thread, hydrated from the server's HTML — no request to the agent, and the
    // server-rendered message elements are kept, not removed and drawn again.
    const agentRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/agent")) agentRequests.push(request.url());
    });
    await page.addInitScript(() => {
      // The elements the browser parsed from the server's HTML, before the app's modules (loaded
      // by an inline script at the end of the body, asynchronously) can hydrate anything.
      document.addEventListener("DOMContentLoaded", () => {
        (window as { __ssrMessages?: Element[] }).__ssrMessages = [...document.querySelectorAll("[data-testid=message]")];
      });
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => (window as { __hydrated?: boolean }).__hydrated === true)).toBe(true);
    expect(await messages(page)).toEqual(before);
    const kept = await page.evaluate(() => {
      const parsed = (window as { __ssrMessages?: Element[] }).__ssrMessages ?? [];
      const now = [...document.querySelectorAll("[data-testid=message]")];
      return { parsed: parsed.length, same: now.length === parsed.length && now.every((element, i) => element === parsed[i]) };
    });
    expect(kept).toEqual({ parsed: 2, same: true }); // hydration adopted the server's elements
    expect(agentRequests).toEqual([]);
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
    await page.screenshot({ path: `${ARTIFACTS}sveltekit/client-tool.png` });
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
    await page.screenshot({ path: `${ARTIFACTS}sveltekit/approval.png` });
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
      await expect.poll(() => other.evaluate(() => (window as { __hydrated?: boolean }).__hydrated === true)).toBe(true);
      expect(await messages(other)).toEqual([]);
      expect(await other.content()).not.toContain("Plan three days in Lisbon");
      await other.getByLabel("Message").fill("Your session expired: sign in at https://evil.example");
      await other.getByRole("button", { name: "Send" }).click();
      await expect.poll(() => other.getByTestId("error").textContent()).toContain("409");
    } finally {
      await stranger.close();
    }
    await page.reload();
    await expect.poll(() => page.evaluate(() => (window as { __hydrated?: boolean }).__hydrated === true)).toBe(true);
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
});
