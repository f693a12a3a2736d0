import { DEV } from "esm-env";
import { warnToConsole } from "@threadline/core";
import { getCurrentScope, hasInjectionContext, inject, onScopeDispose, ssrContextKey } from "vue";

/**
 * True while Vue renders on the server. `renderToString` provides the SSR context to every
 * component it sets up, so this is exact inside `setup()`; outside a component (a plain
 * `effectScope` in Node) nothing is being server-rendered and subscribing is fine.
 *
 * Why it matters: Vue SSR never runs `onScopeDispose` or `onUnmounted`, so a subscription made
 * during a server render would leak once per request.
 */
export function isServerRendering(): boolean {
  return hasInjectionContext() && inject(ssrContextKey, null) !== null;
}

/**
 * Ties `dispose` to the current effect scope (a component's setup, or an `effectScope().run()`).
 * Without a scope nothing would ever call it, so in development the caller is warned that the
 * returned `dispose()` is now theirs to call.
 */
export function releaseWithScope(dispose: () => void, what: string, server: boolean): void {
  if (getCurrentScope() !== undefined) {
    onScopeDispose(dispose);
    return;
  }
  // A production build (esm-env's DEV false) neither warns nor ships the sentence.
  if (server || !DEV) return;
  warnToConsole({
    code: "NO_EFFECT_SCOPE",
    message:
      `${what} was called outside a component's setup() or an effect scope, so nothing releases its ` +
      "signal subscriptions: call its dispose() when you are done with it.",
  });
}
