import { LazyPart } from "../lazy-part.js";
import type { ChunkExpanderFactory } from "./pipeline.js";

/**
 * The `*_CHUNK` kinds, whose expansion (expand-chunks.ts) a run loads on first use: a chat that
 * sends a message and streams a text answer over SSE never meets them. A run that meets one before
 * the expansion is loaded holds that event and every later one, in order, and hands them on once
 * it has arrived (see `RunSession`).
 */
export const CHUNK_KINDS: ReadonlySet<string> = new Set(["TEXT_MESSAGE_CHUNK", "TOOL_CALL_CHUNK", "REASONING_MESSAGE_CHUNK"]);

/** Loaded once for every run of the page; a failed load is retried by the next run that needs it. */
export const CHUNK_EXPANSION = new LazyPart<ChunkExpanderFactory>(
  "chunk expansion (pipeline/expand-chunks)",
  () => import("./expand-chunks.js").then((module) => module.createChunkExpander),
);
