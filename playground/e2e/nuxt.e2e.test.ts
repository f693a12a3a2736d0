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

fullStackSuite({
  name: "Nuxt",
  artifacts: "nuxt",
  build: async () => void (await promisify(execFile)(nuxt, ["build"], { cwd: root, env: { ...process.env, NO_COLOR: "1" } })),
  serve: async (agentUrl) =>
    serveProcess(process.execPath, [".output/server/index.mjs"], {
      cwd: root,
      // The module's options at runtime: NUXT_THREADLINE_* (nuxt.config names the owner field).
      env: { HOST: "127.0.0.1", PORT: String(await freePort()), NUXT_THREADLINE_UPSTREAM: agentUrl },
      announce: /Listening on http:\/\/127\.0\.0\.1:(\d+)/,
    }),
  extra: ({ origin }) => {
    test("a page talking to a path nothing serves gets the app's HTML: UNEXPECTED_CONTENT_TYPE, as the README says", async () => {
      const chat = new ChatClient({ agent: new HttpAgent({ url: `${origin()}/api/agent`, reconnect: false }) });
      await chat.sendMessage("Hello?");
      const error = chat.error.value;
      chat.dispose();
      expect(error?.code).toBe("UNEXPECTED_CONTENT_TYPE");
      expect(error?.message).toContain('"text/html');
    });
  },
});
