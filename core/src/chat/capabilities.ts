import { signal, type ReadonlySignal } from "@preact/signals-core";
import type { AgentCapabilities } from "@ag-ui/core";
import { warnToConsole, type WarningHandler } from "../errors.js";
import { copyJson, deepFreeze } from "../json/json-value.js";
import type { CapabilityQuery } from "../transport/capabilities.js";

/**
 * The agent's capabilities as a signal: `undefined` until known (and for good when the agent does
 * not tell). Asked of the agent once, when first read, so a chat nobody asks sends no request.
 */
export class CapabilityDiscovery {
  readonly #value = signal<AgentCapabilities | undefined>(undefined);
  #asked = false;

  readonly #ask: (query: CapabilityQuery) => Promise<AgentCapabilities | undefined>;
  readonly #disposed: () => boolean;
  readonly #warn: WarningHandler;
  /** `ask`: the agent's answer (the run loop's `capabilities`, once the chat's engine is there). */
  constructor(
    ask: (query: CapabilityQuery) => Promise<AgentCapabilities | undefined>,
    disposed: () => boolean,
    warn: WarningHandler = warnToConsole,
  ) {
    this.#ask = ask;
    this.#disposed = disposed;
    this.#warn = warn;
  }

  get signal(): ReadonlySignal<AgentCapabilities | undefined> {
    if (!this.#asked) {
      this.#asked = true;
      // getCapabilities never rejects (sources fail softly); the catch guards a custom source.
      void this.#ask({ onWarning: this.#warn }).then(
        (found) => {
          if (found !== undefined && !this.#disposed()) this.#value.value = deepFreeze(copyJson(found));
        },
        (error: unknown) => this.#warn({ code: "CAPABILITIES_UNAVAILABLE", message: `The agent's capabilities could not be read: ${String(error)}.` }),
      );
    }
    return this.#value;
  }
}
