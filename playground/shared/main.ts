// `pnpm playground`: the scripted server (8787), the Mastra backend (8788), the Svelte app (5173)
// and the Vue app (5174) on 127.0.0.1, until Ctrl-C. Ports can be changed through the
// environment: PORT, MASTRA_PORT, SVELTE_PORT, VUE_PORT; PLAYGROUND_SPEED paces the scripted server;
// THREADLINE_RUN_STORE=redis://… keeps the handler's run log in Redis (memory by default).
import { runStoreFromSetting } from "../server/run-store-setting.js";
import { launchPlayground } from "./launch.js";

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`${name} must be a port number (0 to 65535), got '${raw}'`);
    process.exit(1);
  }
  return value;
}

const speed = Number(process.env.PLAYGROUND_SPEED ?? "1");
if (!(speed > 0 && speed <= 1000)) {
  console.error(`PLAYGROUND_SPEED must be above 0 and at most 1000, got '${process.env.PLAYGROUND_SPEED}'`);
  process.exit(1);
}

const ports = {
  scripted: port("PORT", 8787),
  mastra: port("MASTRA_PORT", 8788),
  svelte: port("SVELTE_PORT", 5173),
  vue: port("VUE_PORT", 5174),
};

try {
  const runLog = await runStoreFromSetting();
  const playground = await launchPlayground({
    scriptedPort: ports.scripted,
    mastraPort: ports.mastra,
    apps: { svelte: ports.svelte, vue: ports.vue },
    mode: "dev",
    scripted: { speed, runStore: runLog.store },
    logLevel: "warn",
  });
  console.log("\nThreadline playground is running:\n");
  console.log(`  Svelte app       ${playground.apps.svelte}/`);
  console.log(`  Vue app          ${playground.apps.vue}/`);
  console.log(`  Scripted server  ${playground.scripted}/agent   (scenarios: ${playground.scripted}/scenarios)`);
  console.log(`  Handler          ${playground.scripted}/resumable/agent   (the apps' default route; run log: ${runLog.label})`);
  console.log(`  Mastra backend   ${playground.mastra}/agent`);
  console.log("\nPress Ctrl-C to stop.\n");
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1); // a second Ctrl-C: leave now
    stopping = true;
    console.log("\nStopping…");
    void playground.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === "EADDRINUSE" ? `A port is in use (${String(error)}): set PORT, MASTRA_PORT, SVELTE_PORT or VUE_PORT.` : error);
  process.exit(1);
}
