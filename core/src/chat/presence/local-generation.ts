import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import type { BaseEvent } from "../../protocol/events.js";
import type { ChatPresence, PresencePlugin } from "./generation.js";

// Only the engine opens a presence, so this stand-in lives apart from the option's check
// (generation.ts), which the chat makes up front: a page without the engine yet ships none of it.

/** This tab's runs only: the default `presence`. */
export const localGeneration: PresencePlugin = { open: () => new LocalGeneration() };

class LocalGeneration implements ChatPresence {
  readonly #runs = new Set<string>();
  readonly #count = signal(0);
  readonly sessionGenerating = computed(() => this.#count.value > 0);
  readonly remoteTabsGenerating: ReadonlySignal<number> = signal(0);

  observeEvent(event: BaseEvent): void {
    const runId = (event as BaseEvent & { readonly runId?: unknown }).runId;
    const id = typeof runId === "string" ? runId : undefined;
    if (event.type === "RUN_STARTED") {
      if (id !== undefined) this.#runs.add(id);
    } else if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") {
      // A thread-level RUN_ERROR (no run id) ends every run.
      if (id === undefined) this.#runs.clear();
      else this.#runs.delete(id);
    }
    this.#count.value = this.#runs.size;
  }

  reset(): void {
    this.#runs.clear();
    this.#count.value = 0;
  }

  dispose(): void {
    this.reset();
  }
}
