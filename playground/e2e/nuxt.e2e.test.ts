// The Nuxt full-stack app (playground/nuxt, on @threadline/nuxt) in Chromium: built with
// `nuxt build`, served by its Nitro server (.output/server/index.mjs: rendering pages and answering
// the module's agent route), the full-stack suite both apps share (full-stack.ts). Besides: what a
// page sees when it talks to a path nothing serves, as the README's error table says.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { ChatClient, HttpAgent } from "@threadline/core";
import { expect, test } from "vitest";
import { freePort } from "../../core/test/server/redis-server.js";
import { fullStackSuite, serveProcess } from "./full-stack.js";

const root = fileURLToPath(new URL("../nuxt/", import.meta.url));
const nuxt = fileURLToPath(new URL("../nuxt/node_modules/.bin/nuxt", import.meta.url));

/** The app's build served by its Nitro server, the module's options set at runtime (NUXT_THREADLINE_*). */
const serveBuild = async (env: Record<string, string>) =>
  serveProcess(process.execPath, [".output/server/index.mjs"], {
    cwd: root,
    env: { HOST: "127.0.0.1", PORT: String(await freePort()), ...env },
    announce: /Listening on http:\/\/127\.0\.0\.1:(\d+)/,
  });

/**
 * What a page on `url` shows for its first message, as the README's pages render it in
 * development (`{{ error.code }}: {{ error.message }}`): core's own sources, sentences kept.
 */
async function errorShown(url: string): Promise<string | undefined> {
  const chat = new ChatClient({ agent: new HttpAgent({ url, reconnect: false }) });
  await chat.sendMessage("Hello?");
  const error = chat.error.value;
  chat.dispose();
  return error && `${error.code}: ${error.message}`;
}

fullStackSuite({
  name: "Nuxt",
  artifacts: "nuxt",
  build: async () => void (await promisify(execFile)(nuxt, ["build"], { cwd: root, env: { ...process.env, NO_COLOR: "1" } })),
  serve: (agentUrl) => serveBuild({ NUXT_THREADLINE_UPSTREAM: agentUrl }),
  extra: ({ origin }) => {
    // The README's error table, row by row, against this build (its route at the module's path).
    const route = "/api/_threadline/agent";

    test("README row UNEXPECTED_CONTENT_TYPE: a path nothing serves answers with the app's HTML", async () => {
      const url = `${origin()}/api/agent`;
      expect(await errorShown(url)).toMatch(new RegExp(`^UNEXPECTED_CONTENT_TYPE: Response from ${url} is "text/html.*", not an event stream`));
    });

    test("README row AGENT_RUN_ERROR: no agent at threadline.upstream; the server's log says ECONNREFUSED and where", async () => {
      const closed = await freePort();
      const server = await serveBuild({ NUXT_THREADLINE_UPSTREAM: `http://127.0.0.1:${closed}/agent` });
      try {
        expect(await errorShown(`${server.origin}${route}`)).toBe("AGENT_RUN_ERROR: The agent failed (the server's log has the details).");
        // What the README quotes of the log: the code, the agent's URL, and connect ECONNREFUSED.
        await expect.poll(() => server.output()).toContain("connect ECONNREFUSED");
        expect(server.output()).toContain(`REQUEST_FAILED at http://127.0.0.1:${closed}/agent`);
      } finally {
        server.stop();
      }
    });

    test("README row 401 OWNER_REQUIRED: threadline.owner names a field the session middleware does not set", async () => {
      // The build's owner is a file; NUXT_THREADLINE_OWNER switches it to a field at runtime, one nobody sets.
      const server = await serveBuild({ NUXT_THREADLINE_UPSTREAM: "http://127.0.0.1:9/agent", NUXT_THREADLINE_OWNER: "accountId" });
      try {
        const url = `${server.origin}${route}`;
        expect(await errorShown(url)).toBe(`HTTP_STATUS: HTTP 401 Unauthorized from ${url}: OWNER_REQUIRED: This request is not signed in.`);
      } finally {
        server.stop();
      }
    });

    test("NUXT_THREADLINE_OWNER naming a file the build lacks: the server refuses to start, saying why", async () => {
      const outcome = await serveBuild({ NUXT_THREADLINE_OWNER: "~~/server/other-owner" }).then(
        (server) => (server.stop(), "it started"),
        (error: Error) => error.message,
      );
      expect(outcome).toContain("an owner file is fixed when the app is built");
    });
  },
});
