// Threadline's own event pipeline (validation, chunk expansion, order verification) as a second
// opinion on the server's runs: every event must pass unchanged, with no warning and no error.
import type { AGUIEvent } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import type { ThreadlineWarning } from "@threadline/core";
import { createPipeline } from "@threadline/core/pipeline";
import { isDeepStrictEqual } from "node:util";

export function pipelineProblems(events: readonly AGUIEvent[]): string[] {
  const problems: string[] = [];
  for (const validation of ["fast", "schema"] as const) {
    const out: AGUIEvent[] = [];
    const warnings: ThreadlineWarning[] = [];
    const pipeline = createPipeline((event) => out.push(event), {
      validation,
      schemas: EventSchemas,
      onWarning: (w) => warnings.push(w),
    });
    try {
      for (const event of events) pipeline.push(event);
      pipeline.end();
    } catch (error) {
      problems.push(`pipeline (${validation}) threw ${(error as Error).name}: ${(error as Error).message}`);
    }
    for (const w of warnings) problems.push(`pipeline (${validation}) warned ${w.code}: ${w.message}`);
    if (problems.length === 0 && !isDeepStrictEqual(out, events)) problems.push(`pipeline (${validation}) changed the events`);
  }
  return problems;
}
