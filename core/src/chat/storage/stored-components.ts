import { DEV } from "esm-env";
import type { WarningHandler } from "../../errors.js";
import { ComponentError, type ComponentErrorCode } from "../../model/components/errors.js";
import type { ComponentProps } from "../../model/components/types.js";
import { copyJson } from "../../json/json-value.js";
import type { GenerativeUi } from "../../model/components/generative-ui.js";
import type { ThreadImpl } from "../../model/thread.js";
import type { StoredComponent } from "../../persist/stored-thread.js";

/**
 * Tambo components in the stored thread. AG-UI messages carry activity messages and tool calls,
 * so components from those two sources come back with the messages (and the registry); a Tambo
 * component lives only among its message's parts, so it is stored beside the messages: name,
 * props, state, whether it had ended, its error, and where it stood among the parts.
 */

const CODES: ReadonlySet<string> = new Set<ComponentErrorCode>(["COMPONENT_PATCH_FAILED", "COMPONENT_PATCH_FORBIDDEN", "COMPONENT_CUT_OFF"]);
/** Threads stored before the codes were made unique name a refused component patch by the fold's code. */
const RENAMED: Readonly<Record<string, ComponentErrorCode>> = { FORBIDDEN_PATCH_PATH: "COMPONENT_PATCH_FORBIDDEN" };

/** The thread's Tambo components, in thread order. O(messages + parts), once per write. */
export function storedComponents(thread: ThreadImpl): StoredComponent[] {
  const out: StoredComponent[] = [];
  for (const node of thread.list.peek()) {
    if (node.role !== "assistant") continue;
    const parts = node.parts.peek();
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index]!;
      if (part.type !== "component" || part.component.source !== "tambo") continue;
      const component = part.component;
      const error = component.error.peek();
      out.push({
        id: component.id,
        name: component.name,
        messageId: node.id,
        index,
        // Not copied: published props are never mutated, and adapters clone or serialise.
        props: component.props.peek(),
        state: component.state.peek(),
        ended: component.streaming.peek() === "complete",
        ...(error === undefined ? {} : { error: { code: error.code, message: error.message } }),
      });
    }
  }
  return out;
}

/**
 * Puts stored components back into their messages, ended. One stored before its end (the tab
 * closed mid-stream) comes back with `COMPONENT_CUT_OFF`. An entry that is malformed, names a
 * message the thread does not hold (or not an assistant message), or an id already present is
 * skipped with a `STORED_COMPONENT_SKIPPED` warning; the others still load.
 */
export function restoreComponents(thread: ThreadImpl, entries: readonly unknown[] | undefined, warn: WarningHandler): void {
  if (entries === undefined) return;
  if (entries.length > 0 && !thread.genui.enabled) {
    warn({ code: "STORED_COMPONENT_SKIPPED", message: DEV ? `${entries.length} stored Tambo component(s) were not restored: the chat has no generative UI (\`components: generativeUi({ registry })\`).` : "" });
    return;
  }
  entries.forEach((entry, i) => {
    const problem = restoreOne(thread, entry);
    if (problem !== undefined) warn({ code: "STORED_COMPONENT_SKIPPED", message: DEV ? `Stored component components[${i}] was not restored: ${problem}.` : "" });
  });
}

const SKIPPED = "skipped";

/** Why `entry` was skipped (the sentence in DEV, "skipped" in a production build), or undefined once restored. */
function restoreOne(thread: ThreadImpl, entry: unknown): string | undefined {
  if (!isRecord(entry)) return DEV ? "it is not an object" : SKIPPED;
  const { id, name, messageId, index, props, state, ended, error } = entry;
  if (typeof id !== "string" || id === "" || typeof name !== "string" || typeof messageId !== "string") {
    return DEV ? "it needs string `id`, `name` and `messageId`" : SKIPPED;
  }
  if (!isRecord(props) || !isRecord(state)) return DEV ? `component '${id}': \`props\` and \`state\` must be objects` : SKIPPED;
  const owner = thread.node(messageId);
  if (owner?.role !== "assistant") return DEV ? `component '${id}': the thread holds no assistant message '${messageId}'` : SKIPPED;
  const at = typeof index === "number" && Number.isInteger(index) && index >= 0 ? index : Number.MAX_SAFE_INTEGER;
  const genui = thread.genui;
  const restored =
    genui.enabled &&
    (genui as GenerativeUi).restoreTambo(
      { id, name, props: copyJson(props) as ComponentProps, state: copyJson(state) as ComponentProps, error: errorOf(id, name, ended, error) },
      owner,
      at,
    );
  return restored ? undefined : DEV ? `the thread already holds a component '${id}'` : SKIPPED;
}

function errorOf(id: string, name: string, ended: unknown, error: unknown): ComponentError | undefined {
  if (isRecord(error) && typeof error.code === "string" && typeof error.message === "string") {
    const code = RENAMED[error.code] ?? error.code;
    if (CODES.has(code)) return new ComponentError(code as ComponentErrorCode, id, error.message);
  }
  if (ended === false) {
    return new ComponentError("COMPONENT_CUT_OFF", id, DEV ? `Component '${id}' (${name}) was stored before tambo.component.end; it is shown as it stood.` : "");
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
