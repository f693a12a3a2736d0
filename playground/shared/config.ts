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
 * How the scripted server is reached: `plain` (its own AG-UI endpoint), `resumable` (through
 * Threadline's createAgentHandler: runs survive a dropped connection and a reload), `flaky` (the
 * same, with every response cut after a moment: the client keeps resuming).
 */
export type Network = "plain" | "resumable" | "flaky";

export const NETWORKS: readonly Network[] = ["plain", "resumable", "flaky"];

export function agentUrl(origins: BackendOrigins, backend: Backend, network: Network = "plain"): string {
  if (backend !== "scripted" || network === "plain") return `${origins[backend]}/agent`;
  return `${origins[backend]}/${network}/agent`;
}

function trimSlash(origin: string): string {
  return origin.endsWith("/") ? origin.slice(0, -1) : origin;
}

/** Pacing choices for the scripted server (`forwardedProps.speed`). */
export const SPEEDS: readonly number[] = [0.5, 1, 2, 4, 10];
