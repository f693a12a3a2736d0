/**
 * The SSE `id` of a logged event: `<runId>:<seq>`, seq counting the run's events from 1. The run id
 * is everything before the last colon, so run ids that contain colons still round-trip.
 */
export interface EventPosition {
  readonly runId: string;
  readonly seq: number;
}

export function formatEventId(runId: string, seq: number): string {
  return `${runId}:${seq}`;
}

/** `undefined` when the text is not `<runId>:<seq>` with a non-empty run id and a whole seq ≥ 0. */
export function parseEventId(text: string): EventPosition | undefined {
  const colon = text.lastIndexOf(":");
  if (colon <= 0) return undefined;
  const digits = text.slice(colon + 1);
  if (!/^(0|[1-9][0-9]{0,14})$/.test(digits)) return undefined;
  return { runId: text.slice(0, colon), seq: Number(digits) };
}
