import { AgentHandlerError } from "./errors.js";

/**
 * Counts what is open (runs being produced, streams being served), per owner and for the whole
 * process, and refuses a new one past either limit: 429 `OWNER_BUSY` for the owner's, 503
 * `SERVER_BUSY` for the process's, both with `Retry-After`. Checked before the request's body is
 * read, so a refused request costs the server its headers only.
 */
export class Admission {
  readonly #perOwner = new Map<string, number>();
  #total = 0;

  constructor(
    private readonly what: "runs" | "streams",
    private readonly ownerLimit: number,
    private readonly processLimit: number,
    private readonly retryAfter: number,
  ) {}

  /** Takes a place for `owner`; the returned function gives it back (once, however often called). */
  enter(owner: string): () => void {
    const held = this.#perOwner.get(owner) ?? 0;
    if (held >= this.ownerLimit) {
      throw new AgentHandlerError(
        "OWNER_BUSY",
        `You have ${held} ${this.what} open, the most this server allows at once (limits.${this.what}PerOwner); try again when one ends.`,
        { retryAfter: this.retryAfter },
      );
    }
    if (this.#total >= this.processLimit) {
      throw new AgentHandlerError("SERVER_BUSY", `The server is at its limit of ${this.what}; try again shortly.`, { retryAfter: this.retryAfter });
    }
    this.#perOwner.set(owner, held + 1);
    this.#total++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#total--;
      const now = (this.#perOwner.get(owner) ?? 1) - 1;
      if (now === 0) this.#perOwner.delete(owner);
      else this.#perOwner.set(owner, now);
    };
  }

  /** How many are open: for one owner, or in all. */
  count(owner?: string): number {
    return owner === undefined ? this.#total : (this.#perOwner.get(owner) ?? 0);
  }
}
