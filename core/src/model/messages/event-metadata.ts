import type { Signal } from "@preact/signals-core";
import type { Metadata } from "../types.js";
import { mergeMetadataInto } from "./metadata.js";

// A module of its own: only the fold merges an event's metadata into a signal (a streamed tool
// call's), so this loads with the engine, not with the page's first chunk.

/** Merges an event's metadata into a node's signal (no write when there is none). */
export function mergeEventMetadata(target: Signal<Metadata | undefined>, incoming: Record<string, unknown> | undefined): void {
  if (incoming === undefined) return;
  target.value = mergeMetadataInto(target.peek(), incoming);
}
