import { DEV } from "esm-env";
import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { AgentCapabilities } from "@ag-ui/core";
import type { WarningHandler } from "../errors.js";

/**
 * The agent's capabilities as a signal: `undefined` until known (and for good when the agent does
 * not tell). Asked of the agent once, when first read, so a chat nobody asks sends no request. The
 * asking — and the copy of the answer — is the engine's (`ChatEngine.discoverCapabilities`), which
 * this waits for: a page that never reads the signal loads none of it for this.
 */
export class CapabilityDiscovery {
  readonly #value = signal<AgentCapabilities | undefined>(undefined);
  #asked = false;

  readonly #ask: (into: Signal<AgentCapabilities | undefined>) => Promise<void>;
  readonly #warn: WarningHandler;
  /** `ask` writes the agent's answer into the signal; it rejects when the engine cannot load, or a custom source throws. */
  constructor(ask: (into: Signal<AgentCapabilities | undefined>) => Promise<void>, warn: WarningHandler) {
    this.#ask = ask;
    this.#warn = warn;
  }

  get signal(): ReadonlySignal<AgentCapabilities | undefined> {
    if (!this.#asked) {
      this.#asked = true;
      this.#ask(this.#value).catch((error: unknown) => this.#warn({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The agent's capabilities could not be read: ${String(error)}.` : "" }));
    }
    return this.#value;
  }
}
