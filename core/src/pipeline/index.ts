import { DEV } from "esm-env";
import { ThreadlineError, warnToConsole, type WarningHandler } from "../errors.js";
import { PipelineError } from "./errors.js";
import type { AGUIEvent } from "../protocol/events.js";
import type { IncomingEvent } from "../protocol/legacy-events.js";
import { ProtocolError, type StreamPosition } from "../protocol/protocol-error.js";
import { createEventValidator, type EventSchemaValidator } from "../protocol/validate.js";
import { createChunkExpander } from "./expand-chunks.js";
import { legacyOptionProblem, type LegacyEvents } from "./legacy.js";
import { createOrderVerifier } from "./verify-order.js";

export interface PipelineOptions {
  /** Where warnings go (unknown events dropped, properties stripped…). Default: console.warn. */
  onWarning?: WarningHandler;
  /**
   * "fast" (default): hand-written checks of every field. "schema": every value is judged by
   * the @ag-ui/core zod schemas instead; pass them as `schemas` (zod must be installed).
   */
  validation?: "fast" | "schema";
  /** `EventSchemas` from `@ag-ui/core/schemas`, required by `validation: "schema"`. */
  schemas?: EventSchemaValidator;
  /**
   * `legacyProtocol()`: retired events and content parts are read (THINKING_* become
   * REASONING_*), and an agent pinned to an older version (`peerProtocolVersion`) is downgraded
   * to. Absent: the current protocol only.
   */
  legacy?: LegacyEvents;
}

export interface Pipeline {
  /**
   * One raw (untrusted) event in; zero or more verified events out through the sink,
   * synchronously. Throws ProtocolError on a violation (the sink has received
   * everything before it); after that, every push throws the same error again.
   */
  push(raw: unknown): void;
  /**
   * The source ended. Emits pending chunk ENDs, then throws a ProtocolError with
   * code "TRUNCATED_RUN" if a run is still open (or no event arrived at all).
   */
  end(): void;
}

/**
 * The event pipeline: validation → (with `legacy`: peer downgrade, THINKING_* translation) →
 * chunk expansion → order verification → sink. Every stage is synchronous per event.
 */
export function createPipeline(sink: (event: AGUIEvent) => void, options: PipelineOptions = {}): Pipeline {
  const onWarning = options.onWarning ?? warnToConsole;
  if (options.validation === "schema" && options.schemas === undefined) {
    throw new PipelineError(
      "SCHEMA_VALIDATION_UNAVAILABLE",
      DEV
        ? "validation: \"schema\" needs the zod schemas: import { EventSchemas } from \"@ag-ui/core/schemas\" " +
            "(zod must be installed) and pass { validation: \"schema\", schemas: EventSchemas }."
        : "",
      { where: "schemas" },
    );
  }
  const legacyProblem = legacyOptionProblem(options);
  // In a production build the problem is the option at fault, which is where.
  if (legacyProblem !== undefined) throw new PipelineError("INVALID_PIPELINE_OPTION", DEV ? legacyProblem : "", { where: legacyProblem });
  const position: StreamPosition = { index: -1, raw: undefined };
  const verifier = createOrderVerifier(sink, position, onWarning);
  const expander = createChunkExpander(verifier.push, position);
  // Without the plug-in, validation hands on current events only.
  const afterValidation = (options.legacy?.stage(expander.push, position, onWarning).push ?? expander.push) as (event: IncomingEvent) => void;
  const validate = createEventValidator(position, onWarning, options.validation === "schema" ? options.schemas : undefined, options.legacy);

  let failure: ProtocolError | undefined;
  let ended = false;

  function fail(error: unknown): never {
    // A violation ends the stream for good; an error thrown by the sink (application code)
    // is the application's and passes through untouched.
    if (error instanceof ProtocolError) failure = error;
    throw error;
  }

  return {
    push(raw) {
      if (failure !== undefined) throw failure;
      if (ended) throw new PipelineError("PIPELINE_ENDED", DEV ? "push() after end(): this stream has already ended." : "", { where: "push" });
      position.index++;
      position.raw = raw;
      try {
        const event = validate(raw);
        if (event !== undefined) afterValidation(event);
      } catch (error) {
        fail(error);
      }
    },
    end() {
      if (failure !== undefined || ended) return;
      ended = true;
      position.index++;
      position.raw = undefined;
      try {
        expander.end();
        verifier.end();
      } catch (error) {
        fail(error);
      }
    },
  };
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
