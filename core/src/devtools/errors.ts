import { ThreadlineError } from "../errors.js";

/**
 * The devtools' errors, one class for the stage (a user catches it around `parseFixture`,
 * `recordEvents` and `createInspector`):
 * - `FIXTURE_UNREADABLE`: the text is neither a JSON array of events nor NDJSON (one event per line);
 *   `line` names the first line that did not parse.
 * - `FIXTURE_NOT_EVENTS`: it parsed, but an entry is not an event (an object with a string `type`);
 *   `line` names it (its index + 1 in a JSON array).
 * - `INSPECTOR_TARGET_INVALID`: what was given to record is neither a `Thread` nor a `ChatClient`.
 * - `INSPECTOR_OPTION_INVALID`: an option has the wrong type or range (`maxEvents`, `shortcut`…).
 * - `INSPECTOR_NO_DOM`: the panel was asked for where there is no `document` (server rendering);
 *   `recordEvents` works anywhere.
 */
export type DevtoolsErrorCode =
  | "FIXTURE_UNREADABLE"
  | "FIXTURE_NOT_EVENTS"
  | "INSPECTOR_TARGET_INVALID"
  | "INSPECTOR_OPTION_INVALID"
  | "INSPECTOR_NO_DOM";

export class DevtoolsError extends ThreadlineError<DevtoolsErrorCode> {
  /** For fixture errors: the 1-based line (or array position) that was wrong. */
  readonly line: number | undefined;
  /** What was received there, as it was. */
  readonly received: unknown;

  constructor(code: DevtoolsErrorCode, message: string, details: { line?: number; received?: unknown; cause?: unknown } = {}) {
    super(code, message, { cause: details.cause, where: details.line === undefined ? undefined : `line ${details.line}` });
    this.line = details.line;
    this.received = details.received;
  }
}
