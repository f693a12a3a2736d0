// The event inspector (@threadline/core/devtools) on the playground's chat: Alt+Shift+D shows or
// hides it. It is the production pattern: the module is loaded by a dynamic import only when the
// flag allows it (here on unless the page is opened with ?devtools=off), so an app that leaves it
// off ships and runs none of it.
import type { ChatClient } from "@threadline/core";

export const INSPECTOR_SHORTCUT = "Alt+Shift+D";

export interface MountedInspector {
  /** Records another chat instead (Vue's useChat may swap its client). */
  attach(chat: ChatClient): void;
  dispose(): void;
}

function enabled(): boolean {
  return typeof window !== "undefined" && new URLSearchParams(window.location.search).get("devtools") !== "off";
}

export function mountInspector(chat: ChatClient): MountedInspector {
  let target = chat;
  let disposed = false;
  let inspector: import("@threadline/core/devtools").Inspector | undefined;
  if (enabled()) {
    import("@threadline/core/devtools").then(
      ({ createInspector }) => {
        if (!disposed) inspector = createInspector(target, { shortcut: INSPECTOR_SHORTCUT });
      },
      (error: unknown) => console.warn("[playground] the inspector did not load:", error),
    );
  }
  return {
    attach(next) {
      target = next;
      inspector?.attach(next);
    },
    dispose() {
      disposed = true;
      inspector?.dispose();
    },
  };
}
