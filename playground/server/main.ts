// Starts the scripted AG-UI server on 127.0.0.1 (PORT, default 8787) and prints its URL.
import { startServer } from "./server.js";

const port = Number(process.env.PORT ?? 8787);
const server = await startServer({ port });
console.log(`Threadline playground AG-UI server: ${server.url}`);
