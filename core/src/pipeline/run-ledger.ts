/**
 * What the current run has open, and who owns what: the run-scoped bookkeeping of the order
 * verifier. Nothing here crosses a run boundary: a new RUN_STARTED clears it.
 *
 * An owner is a subagentRunId, or `null` for the parent agent. Owners are kept per entity
 * kind (a message and a tool call may share an id) and for the whole run, not only while the
 * entity is open, because a continuation may legitimately arrive after its entity closed
 * (REASONING_ENCRYPTED_VALUE for a finished tool call).
 */
export type Owner = string | null;

export class RunLedger {
  readonly messages = new Set<string>();
  readonly toolCalls = new Set<string>();
  readonly reasoningMessages = new Set<string>();
  readonly reasoningSpans = new Set<string>();
  /** owner → open step names. A step name is unique per owner: a subagent may run a step the parent runs. */
  readonly steps = new Map<Owner, Set<string>>();
  readonly activeSubagents = new Set<string>();
  /** A subagentRunId names one invocation: once finished it may not start again in this run. */
  readonly finishedSubagents = new Set<string>();
  readonly messageOwners = new Map<string, Owner>();
  readonly toolCallOwners = new Map<string, Owner>();
  readonly activityOwners = new Map<string, Owner>();
  readonly reasoningOwners = new Map<string, Owner>();
  /**
   * A RUN_STARTED input whose messages all belong to the parent agent, not written into the owner
   * maps yet. Its every owner is `null`, which differs from no owner only for an event naming a
   * subagent: the first such event writes it in (`settleSeed`), and a run that names none never
   * pays O(history) for the thread it echoes.
   */
  pendingSeed: readonly SeedMessage[] | undefined = undefined;

  clear(): void {
    this.pendingSeed = undefined;
    this.messages.clear();
    this.toolCalls.clear();
    this.reasoningMessages.clear();
    this.reasoningSpans.clear();
    this.steps.clear();
    this.activeSubagents.clear();
    this.finishedSubagents.clear();
    this.messageOwners.clear();
    this.toolCallOwners.clear();
    this.activityOwners.clear();
    this.reasoningOwners.clear();
  }

  stepsOf(owner: Owner): Set<string> {
    let names = this.steps.get(owner);
    if (names === undefined) {
      names = new Set();
      this.steps.set(owner, names);
    }
    return names;
  }

  /** The owner (other than `owner`) that has step `name` open, if any. */
  otherStepOwner(owner: Owner, name: string): Owner | undefined {
    for (const [other, names] of this.steps) {
      if (other !== owner && names.has(name)) return other;
    }
    return undefined;
  }

  /**
   * Seeds owners from replayed history (MESSAGES_SNAPSHOT, RUN_STARTED.input). A snapshot
   * restates the conversation, so it is authoritative; an input echo only fills gaps.
   */
  seedOwners(messages: readonly SeedMessage[], authoritative: boolean): void {
    if (!authoritative && this.pendingSeed === undefined && !attributed(messages)) {
      this.pendingSeed = messages;
      return;
    }
    this.#seed(messages, authoritative);
  }

  /** An event names a subagent: the pending input echo's owners are written in first. */
  settleSeed(): void {
    const seed = this.pendingSeed;
    if (seed === undefined) return;
    this.pendingSeed = undefined;
    this.#seed(seed, false);
  }

  #seed(messages: readonly SeedMessage[], authoritative: boolean): void {
    // Indexed: once per message of a history, often before the engine has compiled this.
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i]!;
      const owner = message.subagentRunId ?? null;
      const owners =
        message.role === "reasoning" ? this.reasoningOwners : message.role === "activity" ? this.activityOwners : this.messageOwners;
      if (authoritative || !owners.has(message.id)) owners.set(message.id, owner);
      if (message.toolCalls === undefined) continue;
      for (const call of message.toolCalls) {
        if (authoritative || !this.toolCallOwners.has(call.id)) this.toolCallOwners.set(call.id, owner);
      }
    }
  }

  /** Everything still open, grouped for a RUN_FINISHED error message; undefined when nothing is. */
  describeOpen(): string | undefined {
    const parts: string[] = [];
    const list = (label: string, ids: Iterable<string>) => {
      const names = [...ids].map((id) => `'${id}'`);
      if (names.length > 0) parts.push(`${label} ${names.join(", ")}`);
    };
    const steps: string[] = [];
    for (const [owner, names] of this.steps) {
      for (const name of names) steps.push(owner === null ? name : `${name} (subagent '${owner}')`);
    }
    list("steps", steps);
    list("text messages", this.messages);
    list("reasoning messages", this.reasoningMessages);
    list("reasoning spans", this.reasoningSpans);
    list("tool calls", this.toolCalls);
    list("subagents", this.activeSubagents);
    return parts.length === 0 ? undefined : parts.join("; ");
  }
}

type SeedMessage = { id: string; role: string; subagentRunId?: string; toolCalls?: ReadonlyArray<{ id: string }> };

/** True when a message of `messages` names a subagent (one read a message, nothing allocated). */
function attributed(messages: readonly SeedMessage[]): boolean {
  for (let i = 0; i < messages.length; i++) {
    const owner = messages[i]!.subagentRunId;
    if (owner !== undefined && owner !== null) return true;
  }
  return false;
}

export function ownerName(owner: Owner): string {
  return owner === null ? "the parent agent" : `subagent '${owner}'`;
}
