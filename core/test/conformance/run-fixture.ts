// Feeds a fixture's stream through createPipeline in memory and records what an application
// would observe. (A later change routes the same bytes through the HTTP transport.)
import { EventSchemas } from "@ag-ui/core/schemas";
import { expect } from "vitest";
import { createPipeline, ThreadlineProtocolError, type AGUIEvent, type ThreadlineWarning } from "../../src/index.js";
import type { ConformanceFixture } from "./fixture.js";

export interface Observed {
  outcome: "completed" | "failed";
  error: ThreadlineProtocolError | undefined;
  events: AGUIEvent[];
  warnings: ThreadlineWarning[];
}

export function runFixture(fixture: ConformanceFixture, validation: "fast" | "schema"): Observed {
  const events: AGUIEvent[] = [];
  const warnings: ThreadlineWarning[] = [];
  const pipeline = createPipeline((event) => events.push(event), {
    onWarning: (warning) => warnings.push(warning),
    validation,
    schemas: EventSchemas,
    ...(fixture.client?.maxProtocolVersion === undefined ? {} : { peerProtocolVersion: fixture.client.maxProtocolVersion }),
  });
  const wire = structuredClone(fixture.stream);
  let error: ThreadlineProtocolError | undefined;
  try {
    for (const raw of wire) pipeline.push(raw);
    pipeline.end();
  } catch (thrown) {
    if (!(thrown instanceof ThreadlineProtocolError)) throw thrown;
    error = thrown;
  }
  // The pipeline never writes to what it was given: stripping copies.
  expect(wire, "the pipeline mutated the raw events").toEqual(fixture.stream);
  return { outcome: error === undefined ? "completed" : "failed", error, events, warnings };
}
