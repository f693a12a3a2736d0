import { signal, type ReadonlySignal } from "@preact/signals-core";
import type { AgentCapabilities } from "@ag-ui/core";
import { warnToConsole, type WarningHandler } from "../errors.js";
import { copyJson, deepFreeze } from "../json/json-value.js";
import type { RunLoop } from "../run/loop.js";

/**
 * The agent's capabilities as a signal: `undefined` until known (and for good when the agent does
 * not tell). Asked of the agent once, when first read, so a chat nobody asks sends no request.
 */
export class CapabilityDiscovery {
  private readonly value = signal<AgentCapabilities | undefined>(undefined);
  private asked = false;

  constructor(
    private readonly loop: RunLoop,
    private readonly disposed: () => boolean,
    private readonly warn: WarningHandler = warnToConsole,
  ) {}

  get signal(): ReadonlySignal<AgentCapabilities | undefined> {
    if (!this.asked) {
      this.asked = true;
      // getCapabilities never rejects (sources fail softly); the catch guards a custom source.
      void this.loop.capabilities({ onWarning: this.warn }).then(
        (found) => {
          if (found !== undefined && !this.disposed()) this.value.value = deepFreeze(copyJson(found));
        },
        (error: unknown) => this.warn({ code: "CAPABILITIES_UNAVAILABLE", message: `The agent's capabilities could not be read: ${String(error)}.` }),
      );
    }
    return this.value;
  }
}
