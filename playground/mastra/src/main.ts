// `pnpm -C playground/mastra dev`: the Mastra backend on 127.0.0.1:$PORT (default 8788, beside the
// scripted server's 8787). MASTRA_CHUNK_DELAY_MS paces the model's stream (default 30 ms).
import "./no-telemetry.js";
import { startMastraServer } from "./server.js";

const port = Number(process.env.PORT ?? "8788");
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, got '${process.env.PORT}'`);
  process.exit(1);
}
const chunkDelayMs = Number(process.env.MASTRA_CHUNK_DELAY_MS ?? "30");
if (!(Number.isFinite(chunkDelayMs) && chunkDelayMs >= 0 && chunkDelayMs <= 10_000)) {
  console.error(`MASTRA_CHUNK_DELAY_MS must be a number from 0 to 10000, got '${process.env.MASTRA_CHUNK_DELAY_MS}'`);
  process.exit(1);
}

try {
  const server = await startMastraServer({
    port,
    chunkDelayMs,
    onRunEnd: (run) => console.log(`${run.threadId} ${run.runId}: ${run.end} after ${run.events} events`),
  });
  console.log("Threadline playground Mastra backend (scripted mock model, offline)");
  console.log(`  agent: ${server.url}`);
  console.log(`  say "weather in Lyon" (offer a get_weather tool), "think", "fail", or anything else`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === "EADDRINUSE" ? `port ${port} is in use: set PORT to another one` : String(error));
  process.exit(1);
}
