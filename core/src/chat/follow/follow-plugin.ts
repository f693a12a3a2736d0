import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import type { ResumePoint } from "../../run/options.js";
import type { ServerRun } from "../../transport/source.js";
import { pluginOption } from "../plugin-option.js";
import type { ChatParts } from "../assembly.js";

/**
 * What the chat asks of follow mode. Following other clients' runs is a plug-in
 * (`follow: followRuns()`), so a chat holds only this shape: without it, `NOT_FOLLOWING` (open-follow.ts).
 */
export interface ChatFollow {
  /** Whether the chat looks for other clients' runs (it then asks the server when a thread opens). */
  readonly enabled: boolean;
  /** True while this chat follows another client's run. */
  readonly following: ReadonlySignal<boolean>;
  /** The thread's runs as the server listed them; `from` a stored resume point. */
  consider(runs: readonly ServerRun[], from?: ResumePoint): void;
  /** Starts asking the server while idle, when the plug-in polls. */
  schedule(): void;
}

/** What follow mode is given besides the chat's parts. */
export interface FollowHost {
  /** The thread id now. */
  key(): string;
  /** Sets the server flag the chat's `sessionGenerating` reads. */
  serverGenerating(value: boolean): void;
}

/** The `follow` option of `new ChatClient`: made by `followRuns(options)`. */
export interface FollowPlugin {
  /** Opens the chat's follow mode; called once, when the chat is built. */
  readonly open: (parts: ChatParts, host: FollowHost) => ChatFollow;
}

/** The `follow` option, checked (`INVALID_OPTION`): the plug-in, or undefined for none. */
export function followPlugin(plugin: FollowPlugin | false | undefined): FollowPlugin | undefined {
  if (plugin === undefined || plugin === false) return undefined;
  return pluginOption(plugin, "follow", DEV ? "followRuns({ pollMs }) (from @threadline/core), or false / absent." : "");
}
