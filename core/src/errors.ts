/**
 * Every error Threadline raises is a `ThreadlineError` with a stable `code`, so callers can
 * branch on `error.code` instead of parsing messages. Each stage defines its own subclasses
 * (protocol violations, HTTP failures, invalid tool arguments…) next to the code that throws them.
 */
export class ThreadlineError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * Something was wrong with the input but Threadline carried on (an unknown event dropped,
 * an unknown property stripped, a patch that could not apply). Delivered to `onWarning`;
 * the default handler writes it to `console.warn`.
 */
export interface ThreadlineWarning {
  readonly code: string;
  readonly message: string;
  /** Index of the offending event in its stream, when the warning concerns one. */
  readonly index?: number;
  /** The offending event or value, as received. */
  readonly event?: unknown;
}

export type WarningHandler = (warning: ThreadlineWarning) => void;

export const warnToConsole: WarningHandler = (warning) => {
  console.warn(`[threadline] ${warning.code}: ${warning.message}`);
};
