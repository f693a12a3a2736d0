// The SvelteKit full-stack app (playground/sveltekit) in Chromium: built with Vite, served by
// `vite preview` (SvelteKit's own server, rendering pages and answering /api/agent). The tests are
// the full-stack suite both apps share (full-stack.ts).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { fullStackSuite, serveProcess } from "./full-stack.js";

const root = fileURLToPath(new URL("../sveltekit/", import.meta.url));
const vite = fileURLToPath(new URL("../sveltekit/node_modules/.bin/vite", import.meta.url));

fullStackSuite({
  name: "SvelteKit",
  artifacts: "sveltekit",
  build: async () => void (await promisify(execFile)(vite, ["build", "--logLevel", "warn"], { cwd: root })),
  // `vite preview` in the app's folder (SvelteKit reads its config from there). Vite colours its
  // banner when CI is set; the app may print the agent's address before its Local: line.
  serve: (agentUrl) => serveProcess(vite, ["preview", "--host", "127.0.0.1", "--port", "0"], { cwd: root, env: { AGENT_URL: agentUrl }, announce: /Local:\s+http:\/\/127\.0\.0\.1:(\d+)/ }),
});
