import { DEV } from "esm-env";
import { DevtoolsError } from "./errors.js";

export interface Shortcut {
  readonly ctrl: boolean;
  readonly alt: boolean;
  readonly shift: boolean;
  readonly meta: boolean;
  /** The key, lower case (`"d"`, `"f12"`). */
  readonly key: string;
}

const MODIFIERS = new Set(["ctrl", "control", "alt", "option", "shift", "meta", "cmd", "command"]);

/** `"Alt+Shift+D"`, `"Ctrl+\`"`, `"F12"`: modifiers then one key, joined by `+`. */
export function parseShortcut(text: string): Shortcut {
  const parts = typeof text === "string" ? text.split("+").map((part) => part.trim().toLowerCase()) : [];
  const key = parts.pop();
  if (key === undefined || key === "" || MODIFIERS.has(key) || parts.some((part) => !MODIFIERS.has(part))) {
    throw new DevtoolsError("INSPECTOR_OPTION_INVALID", DEV ? `shortcut must be modifiers and one key such as "Alt+Shift+D"; got ${JSON.stringify(text)}.` : "", {
      received: text,
    });
  }
  return {
    ctrl: parts.includes("ctrl") || parts.includes("control"),
    alt: parts.includes("alt") || parts.includes("option"),
    shift: parts.includes("shift"),
    meta: parts.includes("meta") || parts.includes("cmd") || parts.includes("command"),
    key,
  };
}

/**
 * Whether a key press is the shortcut. A letter is matched by its physical key (`code`), since
 * Alt or Option changes the character the key produces on some layouts.
 */
export function matchesShortcut(shortcut: Shortcut, event: KeyboardEvent): boolean {
  if (event.ctrlKey !== shortcut.ctrl || event.altKey !== shortcut.alt || event.shiftKey !== shortcut.shift || event.metaKey !== shortcut.meta) {
    return false;
  }
  if (/^[a-z]$/.test(shortcut.key) && event.code === `Key${shortcut.key.toUpperCase()}`) return true;
  return event.key.toLowerCase() === shortcut.key;
}
