import { DEV } from "esm-env";
import { warnToConsole, type WarningHandler } from "../errors.js";
import { PipelineError } from "./errors.js";
import type { AGUIEvent } from "../protocol/events.js";
import type { IncomingEvent } from "../protocol/legacy-events.js";
import { ProtocolError, type StreamPosition } from "../protocol/protocol-error.js";
import { createEventValidator, type EventSchemaValidator } from "../protocol/validate.js";
import { legacyOptionProblem, type LegacyEvents } from "./legacy.js";
import type { Stage } from "./stage.js";
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

/** Builds the chunk-expansion stage (pipeline/expand-chunks.ts). */
export type ChunkExpanderFactory = (next: (event: AGUIEvent) => void, position: StreamPosition) => Stage<AGUIEvent>;

/** A pipeline whose chunk expansion may come later (`expandChunks`). */
export interface AssembledPipeline extends Pipeline {
  /** Installs chunk expansion; until then events go from validation to order verification. */
  expandChunks(factory: ChunkExpanderFactory): void;
}

/**
 * The event pipeline: validation → (with `legacy`: peer downgrade, THINKING_* translation) →
 * chunk expansion → order verification → sink. Every stage is synchronous per event.
 * `expander` absent: no chunk expansion until `expandChunks` installs it — a run loop does so
 * before the first `*_CHUNK` event reaches `push` (see expand-chunks-load.ts); until then no
 * chunk stream is open, so events pass it unchanged anyway.
 */
export function assemblePipeline(sink: (event: AGUIEvent) => void, options: PipelineOptions, expander: ChunkExpanderFactory | undefined): AssembledPipeline {
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
  let expansion = expander?.(verifier.push, position);
  // Built without expansion, events go through a slot it is installed into later (one call more
  // per event until then); built with it, straight to it.
  let toExpansion = verifier.push;
  const expand = expansion?.push ?? ((event: AGUIEvent): void => toExpansion(event));
  // Without the plug-in, validation hands on current events only.
  const afterValidation = (options.legacy?.stage(expand, position, onWarning).push ?? expand) as (event: IncomingEvent) => void;
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
    expandChunks(factory) {
      if (expansion !== undefined) return;
      expansion = factory(verifier.push, position);
      toExpansion = expansion.push;
    },
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
        expansion?.end();
        verifier.end();
      } catch (error) {
        fail(error);
      }
    },
  };
}

