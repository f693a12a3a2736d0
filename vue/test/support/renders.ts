// Render counters the test components bump from onUpdated / onMounted, keyed by what they show.
import { onMounted, onUpdated } from "vue";

export const updates = new Map<string, number>();
export const mounts = new Map<string, number>();

/** Call in a test component's setup: counts its mounts and re-renders under `key`. */
export function countRenders(key: () => string): void {
  onMounted(() => mounts.set(key(), (mounts.get(key()) ?? 0) + 1));
  onUpdated(() => updates.set(key(), (updates.get(key()) ?? 0) + 1));
}

export function resetRenders(): void {
  updates.clear();
  mounts.clear();
}

export const updatesOf = (key: string): number => updates.get(key) ?? 0;
