import type { AGUIEvent } from "../protocol/events.js";
import { createChunkExpander } from "./expand-chunks.js";
import { assemblePipeline, type Pipeline, type PipelineOptions } from "./pipeline.js";

export type { Pipeline, PipelineOptions } from "./pipeline.js";

/**
 * The event pipeline: validation → (with `legacy`: peer downgrade, THINKING_* translation) →
 * chunk expansion → order verification → sink. Every stage is synchronous per event.
 */
export function createPipeline(sink: (event: AGUIEvent) => void, options: PipelineOptions = {}): Pipeline {
  return assemblePipeline(sink, options, createChunkExpander);
}

export { ProtocolError, ThreadlineProtocolError } from "../protocol/protocol-error.js";
export type { ProtocolErrorCode } from "../protocol/protocol-error.js";
export type { ProtocolWarningCode } from "../protocol/protocol-warning.js";
export type { EventSchemaValidator } from "../protocol/validate.js";
export type { IncomingEvent, LegacyThinkingEvent } from "../protocol/legacy-events.js";
export { PROTOCOL_VERSION } from "../protocol/version.js";
export type { LegacyEvents } from "./legacy.js";
export { createEventStream } from "./event-stream.js";
export type { Emit, EventStream, EventTransform, MiddlewareEvent, StreamSink } from "./event-stream.js";
export type { Middleware, MiddlewareFunction, MiddlewareObject } from "./middleware.js";
export { customInterrupts } from "./custom-interrupts.js";
export type { CustomInterruptsOptions } from "./custom-interrupts.js";
export { MiddlewareError } from "./errors.js";
export { PipelineError } from "./errors.js";
export type { PipelineErrorCode } from "./errors.js";
