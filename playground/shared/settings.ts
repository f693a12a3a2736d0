// What the user picked (backend, scenario, variant, speed, open thread), kept in localStorage so
// a reload comes back to the same place. Query parameters override it on load (links, tests).
import { NETWORKS, type Backend, type Network } from "./config.js";

export interface Settings {
  backend: Backend;
  scenario: string;
  variant: string | undefined;
  speed: number;
  /** A fixed gap between events (ms), from `?delay=`; overrides `speed` on the scripted server. */
  delayMs: number | undefined;
  threadId: string | undefined;
  /** `?network=plain` (never stored) skips the resumable handler (see config.ts). */
  network: Network;
  /** The flaky-network switch (flaky-fetch.ts); `?flaky=1`, never stored. */
  flaky: boolean;
  /** The offline switch (offline.ts): stored, so a reload stays offline; `?offline=1` too. */
  offline: boolean;
}

const KEY = "threadline-playground:settings";

export function loadSettings(search: string = location.search): Settings {
  let stored: Partial<Settings> = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>;
  } catch {
    stored = {};
  }
  const query = new URLSearchParams(search);
  const backend = query.get("backend") ?? stored.backend;
  const speed = Number(query.get("speed") ?? stored.speed ?? 1);
  const delay = query.get("delay");
  return {
    backend: backend === "mastra" ? "mastra" : "scripted",
    scenario: query.get("scenario") ?? stored.scenario ?? "markdown",
    variant: query.get("variant") ?? (query.has("scenario") ? undefined : stored.variant),
    speed: Number.isFinite(speed) && speed > 0 ? speed : 1,
    delayMs: delay !== null && Number.isFinite(Number(delay)) ? Number(delay) : undefined,
    threadId: query.get("thread") ?? stored.threadId,
    // From the query only: a stored choice would carry the handler into every later visit.
    network: asNetwork(query.get("network")),
    flaky: query.get("flaky") === "1",
    offline: query.has("offline") ? query.get("offline") === "1" : stored.offline === true,
  };
}

function asNetwork(value: unknown): Network {
  return NETWORKS.includes(value as Network) ? (value as Network) : "resumable";
}

export function saveSettings(settings: Settings): void {
  try {
    const { network: _network, flaky: _flaky, ...kept } = settings;
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Private mode or a full disk: the settings just won't survive a reload.
  }
}

/** `forwardedProps` for a run on the scripted server. */
export function scriptedProps(settings: Settings): Record<string, unknown> {
  return {
    scenario: settings.scenario,
    ...(settings.variant === undefined ? {} : { variant: settings.variant }),
    ...(settings.delayMs === undefined ? { speed: settings.speed } : { delayMs: settings.delayMs }),
  };
}
