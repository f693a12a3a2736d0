import { onDestroy } from "svelte";

/**
 * Runs `release` when the component being initialised is destroyed, and says whether there was
 * one. Svelte exposes no "am I inside component init?" test: `onDestroy` throws outside init
 * (on the server it has no render context), so the throw is the answer. Works in SSR too, where
 * `onDestroy` runs at the end of `render()`.
 */
export function releaseWithComponent(release: () => void): boolean {
  try {
    onDestroy(release);
    return true;
  } catch {
    return false;
  }
}
