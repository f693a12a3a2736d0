// The in-memory lane: no request, no wire. The fixture's raw events go straight into
// createPipeline (what application code would be handed) and into foldEvents (the messages,
// state and warnings a thread ends with); both must reject the stream for the same reason.
// It checks what the HTTP lane checks except the request, without the transport in between, and
// it is the conformance coverage of foldEvents, the public one-call fold.
import { EventSchemas } from "@ag-ui/core/schemas";
import { expect } from "vitest";
import {
  foldEvents,
  ThreadlineError,
  type AGUIEvent,
  type Message,
  type ThreadlineWarning,
} from "../../src/index.js";
import { createPipeline, type PipelineOptions } from "../../src/pipeline/index.js";
import { legacyProtocol } from "../../src/run/index.js";
import type { ConformanceFixture } from "./fixture.js";
import type { Observed, Validation } from "./observed.js";

export function runInMemory(fixture: ConformanceFixture, validation: Validation): Observed {
  const peer = fixture.client?.maxProtocolVersion;
  const options: PipelineOptions = {
    validation,
    schemas: EventSchemas,
    // The suite covers the whole protocol, its retired events and parts (era-* fixtures) included.
    legacy: legacyProtocol(peer === undefined ? {} : { peerProtocolVersion: peer }),
  };

  const events: AGUIEvent[] = [];
  const pipeline = createPipeline((event) => events.push(event), { ...options, onWarning: () => undefined });
  const wire = structuredClone(fixture.stream);
  let rejected: ThreadlineError | undefined;
  try {
    for (const raw of wire) pipeline.push(raw);
    pipeline.end();
  } catch (thrown) {
    if (!(thrown instanceof ThreadlineError)) throw thrown;
    rejected = thrown;
  }
  // The pipeline never writes to what it was given: stripping copies.
  expect(wire, "the pipeline mutated the raw events").toEqual(fixture.stream);

  // foldEvents runs its own pipeline: its warnings are the pipeline's and the fold's together.
  const warnings: ThreadlineWarning[] = [];
  const history = fixture.input?.messages;
  const folded = foldEvents(
    structuredClone(fixture.stream),
    history === undefined ? {} : { messages: structuredClone(history) as Message[] },
    { ...options, onWarning: (warning) => warnings.push(warning) },
  );
  // The fold can fail where the pipeline alone cannot (a forbidden patch path); otherwise the two agree.
  const error = rejected ?? folded.error;
  expect(folded.error?.code, "foldEvents and createPipeline reject the stream alike").toBe(error?.code);

  return {
    outcome: error === undefined ? "completed" : "failed",
    error,
    events,
    warnings,
    messages: folded.messages,
    state: folded.state,
  };
}
