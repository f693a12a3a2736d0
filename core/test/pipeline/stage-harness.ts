// Drives one pipeline stage the way createPipeline does: position, then push, then end.
import type { StreamPosition } from "../../src/protocol/protocol-error.js";
import type { Stage } from "../../src/pipeline/stage.js";
import type { AGUIEvent, ThreadlineWarning, WarningHandler } from "../../src/index.js";
import { ProtocolError } from "../../src/pipeline/index.js";

export interface StageRun {
  delivered: AGUIEvent[];
  warnings: ThreadlineWarning[];
  /** The violation, if any (from a push or from end). */
  error: ProtocolError | undefined;
}

export function runStage<In>(
  build: (next: (event: AGUIEvent) => void, position: StreamPosition, onWarning: WarningHandler) => Stage<In>,
  events: readonly In[],
): StageRun {
  const delivered: AGUIEvent[] = [];
  const warnings: ThreadlineWarning[] = [];
  const position: StreamPosition = { index: -1, raw: undefined };
  const stage = build((event) => delivered.push(event), position, (warning) => warnings.push(warning));
  try {
    for (const event of events) {
      position.index++;
      position.raw = event;
      stage.push(event);
    }
    position.index++;
    position.raw = undefined;
    stage.end();
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return { delivered, warnings, error };
  }
  return { delivered, warnings, error: undefined };
}

export const types = (events: readonly AGUIEvent[]): string[] => events.map((event) => event.type as string);
