import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
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

/** The `presence` option, checked (`INVALID_OPTION`): the plug-in, or undefined for this tab only. */
export function presencePlugin(plugin: false | PresencePlugin | undefined): PresencePlugin | undefined {
  if (plugin === undefined || plugin === false) return undefined;
  return pluginOption(plugin, "presence", DEV ? "broadcastPresence(options) (cross-tab), or false / absent (this tab only)." : "");
}
