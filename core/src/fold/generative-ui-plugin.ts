import { DEV } from "esm-env";
import { ModelError } from "../model/errors.js";
import { GenerativeUi } from "../model/components/generative-ui.js";
import type { GenerativeUiPlugin } from "../model/components/plugin.js";
import type { ComponentRegistry } from "../model/components/registry.js";
import type { ThreadImpl } from "../model/thread.js";
import { installTamboEvents } from "./tambo-components.js";

/** What `generativeUi()` takes. */
export interface GenerativeUiOptions {
  /** Calls to a tool registered here show as component parts, and a chat advertises them to the agent. */
  readonly registry?: ComponentRegistry;
  /**
   * Fold Tambo's CUSTOM events (`tambo.component.*`, `tambo.run.awaiting_input`,
   * `tambo.message.parent`) into component parts, `awaitingInput` and `parentMessageId`; this
   * claims those names on the thread. Default true; with false they only reach listeners.
   */
  readonly tambo?: boolean;
}

/**
 * Generative UI as a plug-in, for the `components` option of `new ChatClient`, `createThread`,
 * `createThreadStore` and `RunLoop`: renderable tool calls from `registry` and (unless
 * `tambo: false`) the Tambo fold. Without it a thread has activity components only, and the app
 * ships neither the fold nor the strict-mode reading of component props.
 */
export function generativeUi(options: GenerativeUiOptions = {}): GenerativeUiPlugin {
  if (typeof options !== "object" || options === null) {
    throw new ModelError("INVALID_THREAD_OPTION", DEV ? "generativeUi(options) takes an object: { registry?, tambo? }." : "", { where: "components" });
  }
  const { registry, tambo = true } = options;
  if (registry !== undefined && !isRegistry(registry)) {
    throw new ModelError("INVALID_THREAD_OPTION", DEV ? "generativeUi({ registry }): `registry` must be a ComponentRegistry (from createComponentRegistry())." : "", { where: "components" });
  }
  if (typeof tambo !== "boolean") {
    throw new ModelError("INVALID_THREAD_OPTION", DEV ? `generativeUi({ tambo }): \`tambo\` must be a boolean, got ${String(tambo)}.` : "", { where: "components" });
  }
  return Object.freeze({
    registry,
    open: (thread: ThreadImpl) => {
      const ui = new GenerativeUi(thread, registry);
      if (tambo) installTamboEvents(thread, ui);
      return ui;
    },
  });
}

function isRegistry(value: unknown): boolean {
  const r = value as { get?: unknown; has?: unknown; tools?: unknown } | null;
  return typeof r === "object" && r !== null && typeof r.get === "function" && typeof r.has === "function" && typeof r.tools === "function";
}
