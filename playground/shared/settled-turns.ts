// The count of settled turns behind `data-turns` on the run status (see contract.ts). The chat's
// status alone cannot tell a test that its action is done: it reads "idle" before a send has been
// drawn and while a stored thread is still loading. The count grows only when the promise of a
// turn the user started (send, retry, load history, approval, interrupt answer) settles, so a test
// that reads it before acting and waits for it to grow waits for exactly that turn.

/** Context key under which a chat panel shares its `TrackTurn` with the components below it. */
export const TRACK_TURN = Symbol("threadline-playground:track-turn");

/** Counts `turn` (a chat method's promise of a `TurnResult`) once it settles. */
export type TrackTurn = (turn: Promise<unknown>) => void;

/** A `TrackTurn` that calls `settled` once per turn, however the turn's promise ends. */
export function turnTracker(settled: () => void): TrackTurn {
  return (turn) => void turn.then(settled, settled);
}
