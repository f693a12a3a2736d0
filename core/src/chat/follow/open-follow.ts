import { signal } from "@preact/signals-core";
import type { ChatParts } from "../assembly.js";
import { followPlugin, type ChatFollow, type FollowHost, type FollowPlugin } from "./follow-plugin.js";

// Only the engine opens follow mode; apart from the option's check (follow-plugin.ts), which the
// chat makes up front, so the stand-in's module-level signal stays with the engine.

const NOT_FOLLOWING: ChatFollow = Object.freeze({
  enabled: false,
  following: signal(false),
  consider() {},
  schedule() {},
});

/** The chat's follow mode: the `follow` plug-in's, or none (`false` or absent). */
export function openFollow(plugin: FollowPlugin | false | undefined, parts: ChatParts, host: FollowHost): ChatFollow {
  return followPlugin(plugin)?.open(parts, host) ?? NOT_FOLLOWING;
}
