// Where the two backends are. A query parameter wins (the tests start servers on free ports),
// then a Vite env variable, then the ports the `pnpm playground` launcher uses.

export type Backend = "scripted" | "mastra";

export const BACKENDS: readonly { readonly id: Backend; readonly label: string; readonly hint: string }[] = [
  { id: "scripted", label: "Scripted", hint: "Deterministic scenarios (playground/server)" },
  { id: "mastra", label: "Mastra", hint: "A real Mastra agent on a scripted model (playground/mastra)" },
];

export interface BackendOrigins {
  readonly scripted: string;
  readonly mastra: string;
}

/** `import.meta.env`: VITE_SCRIPTED_ORIGIN, VITE_MASTRA_ORIGIN. */
type ViteEnv = Readonly<Record<string, unknown>>;

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

export function backendOrigins(env: ViteEnv, search: string = globalThis.location?.search ?? ""): BackendOrigins {
  const query = new URLSearchParams(search);
  return {
    scripted: trimSlash(query.get("scripted") ?? text(env.VITE_SCRIPTED_ORIGIN) ?? "http://127.0.0.1:8787"),
    mastra: trimSlash(query.get("mastra") ?? text(env.VITE_MASTRA_ORIGIN) ?? "http://127.0.0.1:8788"),
  };
}

/**
 * How the scripted server is reached: `resumable` (the default: through Threadline's
 * createAgentHandler — runs survive a dropped connection and a reload, another device follows
 * them), `plain` (its own AG-UI endpoint, no run log: `?network=plain`). The flaky-network
 * switch (flaky-fetch.ts) cuts the streams of either.
 */
export type Network = "plain" | "resumable";

export const NETWORKS: readonly Network[] = ["resumable", "plain"];

export function agentUrl(origins: BackendOrigins, backend: Backend, network: Network = "resumable"): string {
  if (backend !== "scripted" || network === "plain") return `${origins[backend]}/agent`;
  return `${origins[backend]}/${network}/agent`;
}

/**
 * The scripted server's own AG-UI connect (the long thread's history): the handler's connect
 * replays logged runs, which a history is not.
 */
export function connectUrl(origins: BackendOrigins, backend: Backend): string | undefined {
  return backend === "scripted" ? `${origins.scripted}/agent/connect` : undefined;
}

/** Runs through the handler: resumable, and followed by another device. */
export function isResumable(backend: Backend, network: Network): boolean {
  return backend === "scripted" && network === "resumable";
}

function trimSlash(origin: string): string {
  return origin.endsWith("/") ? origin.slice(0, -1) : origin;
}

/** How often an idle chat asks the handler whether another device is generating on its thread. */
export const FOLLOW_POLL_MS = 1500;

/**
 * The largest event the apps accept (HttpAgent's `maxEventSize`): the long thread's history
 * arrives as one MESSAGES_SNAPSHOT of 100,000 messages, about 25 MB, over the 16 MiB default.
 */
export const MAX_EVENT_SIZE = 64 * 1024 * 1024;

/** Pacing choices for the scripted server (`forwardedProps.speed`). */
export const SPEEDS: readonly number[] = [0.5, 1, 2, 4, 10];
