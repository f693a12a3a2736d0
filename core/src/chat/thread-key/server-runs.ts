import { DEV } from "esm-env";
import { ThreadlineError } from "../../errors.js";
import type { ResumePoint } from "../../run/options.js";
import type { ServerRun } from "../../transport/source.js";
import type { ChatThreadKey } from "./thread-key.js";

/** How often a reload asks again for the thread's runs when the question got no answer, and the first wait. */
const LOOKUP_ATTEMPTS = 4;
const LOOKUP_BASE_DELAY_MS = 250;

/**
 * After a hydrate, asks a resumable server about the thread's runs. A stored resume point whose
 * run the server still holds — a reload mid-run, or soon after sending — is rejoined: the run is
 * replayed from its log, then followed live, as a turn of its own (so its tools and continuation
 * carry on once, here), the thread going back to how it was when that run started as the
 * replay's first event arrives. A run going on that this tab does not rejoin (another tab or
 * device is on it) shows as `sessionGenerating`. With a resume point, a question that gets no
 * answer (the network) is asked again, a few times; then resolves with why, to be shown.
 */
export async function askServer(threadKey: ChatThreadKey, key: string, point: ResumePoint | undefined): Promise<ThreadlineError | undefined> {
  let runs: readonly ServerRun[] | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      runs = await threadKey.parts.loop.runsOf(key, { force: point !== undefined || threadKey.follow.enabled });
      break;
    } catch (error) {
      // Without a run to rejoin, an unanswered question only leaves `sessionGenerating` unknown.
      if (point === undefined) return undefined;
      if (attempt >= LOOKUP_ATTEMPTS) {
        threadKey.unsettled = point;
        return ThreadlineError.from(error, DEV ? "Asking the server for the thread's runs" : "runsOf");
      }
    }
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_BASE_DELAY_MS * 2 ** (attempt - 1)));
    if (threadKey.id !== key || threadKey.parts.turns.disposed) return undefined;
  }
  threadKey.unsettled = undefined;
  if (runs === undefined || threadKey.id !== key || threadKey.parts.turns.disposed) return undefined;
  // Another tab still streaming that run leaves it to that tab: this one only shows it (or follows
  // it) — through presence, which ends with that tab's run; the server's answer would not.
  const held = point !== undefined && runs.some((run) => run.runId === point.runId);
  const rejoin = held && !threadKey.parts.presence.peek().sessionGenerating.peek();
  threadKey.serverGenerating.value = runs.some((run) => run.status === "running" && !(held && run.runId === point.runId));
  if (!rejoin) {
    threadKey.follow.consider(runs, held ? point : undefined);
    return undefined;
  }
  const from = { messageCount: point.messageCount, state: point.state };
  threadKey.parts.turns.request({ kind: "connect", rejoin: { runId: point.runId, lastEventId: `${point.runId}:0`, from }, resolve: () => undefined });
  return undefined;
}
