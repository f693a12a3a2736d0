import { DEV } from "esm-env";
import type { CustomEvent } from "@ag-ui/core";
import type { ThreadImpl } from "../model/thread.js";

/**
 * A Tambo CUSTOM event that no claim folds (the thread has no generative-UI plug-in, or `tambo:
 * false`): without the plug-in, the first is warned about once, naming it.
 */
export function tamboUnfolded(thread: ThreadImpl, event: CustomEvent): void {
  const genui = thread.genui;
  if (genui.enabled || genui.warnedTambo) return;
  genui.warnedTambo = true;
  thread.warn({
    code: "GENERATIVE_UI_MISSING",
    message: DEV ? `CUSTOM '${event.name}' is a Tambo component event, but this thread has no generative UI: it only reaches onCustom listeners. Give the chat (or createThread) \`components: generativeUi({ registry })\` to fold it.` : "",
    event,
  });
}
