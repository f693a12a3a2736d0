// `pnpm playground` runs this: the scripted AG-UI server on 127.0.0.1:$PORT (default 8787).
import { redisRunStore, type RunStore } from "@threadline/core/server";
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

// The resumable route's run log: memory, or Redis Streams with PLAYGROUND_REDIS_URL=redis://…
let runStore: RunStore | undefined;
const redisUrl = process.env.PLAYGROUND_REDIS_URL;
if (redisUrl !== undefined && redisUrl !== "") {
  const { createClient } = await import("redis");
  const client = createClient({ url: redisUrl });
  client.on("error", (error: unknown) => console.error(`redis: ${String(error)}`));
  await client.connect();
  runStore = redisRunStore(client, { keyPrefix: "playground:" });
}

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
  console.log(`  resumable: ${server.origin}/resumable/agent?scenario=markdown (run log: ${runStore ? "Redis" : "memory"}; add &flaky=1 for a flaky network)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === "EADDRINUSE" ? `port ${port} is in use: set PORT to another one` : String(error));
  process.exit(1);
}
