import { DEV } from "esm-env";
import { ChatInputError } from "../tools/errors.js";

/**
 * A chat option that takes a plug-in (`persistence`, `presence`, `attachments`, `follow`,
 * `subagents`, `branching`): the value a plug-in function made — an object with `open` — or a
 * `ChatInputError` `INVALID_OPTION` saying what to give instead. Apps that still pass the options
 * of an older release (`attachments: { upload }`, `follow: true`) land here, so they are told, not
 * silently ignored. Callers write `expected` as `DEV ? "…" : ""`, so a production build drops it.
 */
export function pluginOption<T extends { readonly open: unknown }>(plugin: T, option: string, expected: string): T {
  if (typeof plugin !== "object" || plugin === null || typeof plugin.open !== "function") {
    throw new ChatInputError("INVALID_OPTION", DEV ? `\`${option}\` must be ${expected}` : "", option);
  }
  return plugin;
}
