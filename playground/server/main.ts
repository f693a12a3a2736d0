// `pnpm playground` runs this: the scripted AG-UI server on 127.0.0.1:$PORT (default 8787).
import { runStoreFromSetting, type RunStoreSetting } from "./run-store-setting.js";
import { startServer } from "./server.js";

const raw = process.env.PORT ?? "8787";
const port = Number(raw);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, got '${raw}'`);
  process.exit(1);
}
const speed = process.env.PLAYGROUND_SPEED === undefined ? 1 : Number(process.env.PLAYGROUND_SPEED);
if (!(speed > 0 && speed <= 1000)) {
  console.error(`PLAYGROUND_SPEED must be a number above 0 and at most 1000, got '${process.env.PLAYGROUND_SPEED}'`);
  process.exit(1);
}

// The handler's run log: memory, or Redis Streams with THREADLINE_RUN_STORE=redis://…
let runLog: RunStoreSetting;
try {
  runLog = await runStoreFromSetting();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const runStore = runLog.store;

try {
  const server = await startServer({
    port,
    speed,
    runStore,
    onRunEnd: (run) =>
      console.log(`${run.scenario}${run.variant === "default" ? "" : `/${run.variant}`} ${run.runId}: ${run.end} after ${run.events} events`),
  });
  console.log(`Threadline playground AG-UI server`);
  console.log(`  agent:     ${server.url}?scenario=markdown`);
  console.log(`  scenarios: ${server.origin}/scenarios`);
  console.log(`  handler:   ${server.origin}/resumable/agent?scenario=markdown (the apps' default; run log: ${runLog.label}, THREADLINE_RUN_STORE)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === "EADDRINUSE" ? `port ${port} is in use: set PORT to another one` : String(error));
  process.exit(1);
}
