import type { ChatParts } from "../assembly.js";
import type { ChatThreadKey } from "../thread-key/thread-key.js";
import type { Connectivity } from "./connectivity.js";

/**
 * The page woke (`visibilitychange` to visible) or the network came back (`online`): a chat
 * checks its run. One still streaming hears it through its source (`AgentSource.wake`: a
 * reconnect waiting tries now, a stream silent too long is resumed); one that failed on the
 * network, or that a reload could not look up, is asked about on the server and rejoined if the
 * server still holds it — the answer that went on without the page comes in.
 */
export class WakeWatch {
  readonly #stop: () => void;

  constructor(parts: ChatParts, key: ChatThreadKey, connectivity: Connectivity) {
    this.#stop = connectivity.subscribe((change) => {
      if (change === "offline" || parts.turns.disposed) return;
      parts.loop.wake();
      void key.recheck();
    });
  }

  dispose(): void {
    this.#stop();
  }
}
