import { sveltekit } from "@sveltejs/kit/vite";
import { defineConfig, type Plugin } from "vite";
import { startServer } from "../server/server.js";

// One command: unless AGENT_URL names an agent (the Mastra one: AGENT_URL=http://127.0.0.1:8788/agent),
// the dev and preview servers start the playground's scripted AG-UI server on a free port, and the
// server route forwards to it. PLAYGROUND_SPEED paces it (2 = twice as fast).
function scriptedAgent(): Plugin {
  const start = async (): Promise<void> => {
    if (process.env.AGENT_URL) return;
    const server = await startServer({ port: 0, speed: Number(process.env.PLAYGROUND_SPEED ?? 1) });
    process.env.AGENT_URL = server.url;
    console.log(`  scripted AG-UI agent: ${server.url}`);
  };
  return { name: "threadline-scripted-agent", configureServer: start, configurePreviewServer: start };
}

export default defineConfig({ plugins: [sveltekit(), scriptedAgent()] });
