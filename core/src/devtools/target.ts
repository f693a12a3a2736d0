import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { ThreadImpl } from "../model/thread.js";
import type { Thread } from "../model/types.js";
import { DevtoolsError } from "./errors.js";

/** What the devtools attach to: a `Thread`, or anything holding one as `thread` (a `ChatClient`). */
export type InspectTarget = Thread | { readonly thread: Thread };

/** The thread behind a target; `INSPECTOR_TARGET_INVALID` for anything else. */
export function threadOf(target: InspectTarget): ThreadImpl {
  if (target instanceof ThreadImpl) return target;
  const held = typeof target === "object" && target !== null ? (target as { thread?: unknown }).thread : undefined;
  if (held instanceof ThreadImpl) return held;
  throw new DevtoolsError(
    "INSPECTOR_TARGET_INVALID",
    DEV ? `The inspector attaches to a thread (createThread) or a ChatClient; got ${describeValue(target)}.` : "",
    { received: target },
  );
}
