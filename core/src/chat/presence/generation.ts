import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import type { WarningHandler } from "../../errors.js";
import type { BaseEvent } from "../../protocol/events.js";
import { pluginOption } from "../plugin-option.js";

/**
 * How the chat knows whether a run is going on its thread (`sessionGenerating`). By default only
 * this tab's runs count (`localGeneration`); `presence: broadcastPresence()` counts other tabs'
 * too, and brings its channel code only into apps that ask for it.
 */
export interface ChatPresence {
  /** True while a run is active on the thread (here, or elsewhere for a shared presence). */
  readonly sessionGenerating: ReadonlySignal<boolean>;
  /** Runs other tabs of this origin report on the thread (always 0 for this tab only). */
  readonly remoteTabsGenerating: ReadonlySignal<number>;
  /** RUN_STARTED, RUN_FINISHED and RUN_ERROR as the source sent them; other events are ignored. */
  observeEvent(event: BaseEvent): void;
  /** Forget every local run (stop, clear, a lost connection). */
  reset(): void;
  dispose(): void;
}

/** The `presence` option of `new ChatClient`: opens the presence of one thread (again on a thread switch). */
export interface PresencePlugin {
  readonly open: (threadId: string, warn: WarningHandler) => ChatPresence;
}

/** This tab's runs only: the default `presence`. */
export const localGeneration: PresencePlugin = { open: () => new LocalGeneration() };

/** The `presence` option, checked (`INVALID_OPTION`): the plug-in, or undefined for this tab only. */
export function presencePlugin(plugin: false | PresencePlugin | undefined): PresencePlugin | undefined {
  if (plugin === undefined || plugin === false) return undefined;
  return pluginOption(plugin, "presence", "broadcastPresence(options) (cross-tab), or false / absent (this tab only).");
}

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
