import type { Thread, ThreadSnapshot } from "../../model/types.js";
import type { RecordedEvent } from "../recorder.js";
import type { SandboxOptions } from "../replay.js";

/** What every view renders from: the entries, the cursor, and the thread at the cursor. */
export interface ViewContext {
  readonly entries: readonly RecordedEvent[];
  readonly events: readonly unknown[];
  /** How many events are folded into `thread` (the cursor); `entries.length` when following live. */
  readonly position: number;
  /** The live thread when following it, else the sandbox replayed up to `position`. */
  readonly thread: Thread;
  readonly snapshot: ThreadSnapshot;
  /** Whether `thread` is the live one (client-set statuses such as approvals show only there). */
  readonly live: boolean;
  readonly sandbox: SandboxOptions;
  /** Moves the cursor to just after entry `index`. */
  scrub(position: number): void;
}
