import type { Signal } from "@preact/signals-core";
import { ownJson } from "../../json/json-value.js";
import type { Metadata } from "../types.js";
import type { BaseNode } from "./node-base.js";

// A module of its own: only the fold merges an event's metadata (into a node, or a streamed tool
// call's signal), so this loads with the engine, not with the page's first chunk.

/**
 * Metadata merges key by key, last write wins (as @ag-ui/core's `mergeMetadata`), into a new
 * frozen object. An empty incoming object still creates `{}` on a node that had none, as the
 * reference does.
 */
export function mergeMetadataInto(existing: Metadata | undefined, incoming: Record<string, unknown>): Metadata {
  return Object.freeze({ ...existing, ...ownJson(incoming) });
}

/** Merges an event's metadata into a node's signal (no write when there is none). */
export function mergeEventMetadata(target: Signal<Metadata | undefined>, incoming: Record<string, unknown> | undefined): void {
  if (incoming === undefined) return;
  target.value = mergeMetadataInto(target.peek(), incoming);
}

/** Merges an event's metadata into a message node (no write when there is none). */
export function mergeNodeMetadata(node: BaseNode, incoming: Record<string, unknown> | undefined): void {
  if (incoming === undefined) return;
  node.writeRare("metadata", mergeMetadataInto(node.peekMetadata(), incoming));
}
