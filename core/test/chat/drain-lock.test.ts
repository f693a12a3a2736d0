// The channel lease that picks which tab sends the queue when Web Locks are missing, over real
// BroadcastChannels: a tab that stops hearing the holder for a while (its page busy or throttled)
// claims the lease, and the holder, alive, keeps it; a holder that is gone is replaced.
import { afterEach, describe, expect, it } from "vitest";
import { channelLease, type DrainLock } from "../../src/chat/queue/drain-lock.js";
import { systemClock, type BroadcastChannelLike, type PresenceClock } from "../../src/chat/presence/presence-channel.js";

const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0).reverse()) item.close();
});

/** A tab's end of the thread's channel; while `held`, what the other tabs post waits, then arrives in order. */
function tabChannel(name: string): BroadcastChannelLike & { hold: boolean } {
  const channel = new BroadcastChannel(name);
  const listeners = new Map<(event: { readonly data: unknown }) => void, (event: MessageEvent) => void>();
  const waiting: { readonly data: unknown }[] = [];
  let holding = false;
  const end = {
    get hold() {
      return holding;
    },
    set hold(value: boolean) {
      holding = value;
      if (!value) for (const event of waiting.splice(0)) for (const listener of listeners.keys()) listener(event);
    },
    postMessage: (message: unknown) => channel.postMessage(message),
    addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void) {
      const heard = (event: MessageEvent) => {
        if (holding) waiting.push({ data: event.data });
        else listener(event);
      };
      listeners.set(listener, heard);
      channel.addEventListener(type, heard);
    },
    removeEventListener(type: "message", listener: (event: { readonly data: unknown }) => void) {
      const heard = listeners.get(listener);
      listeners.delete(listener);
      if (heard !== undefined) channel.removeEventListener(type, heard);
    },
    close: () => channel.close(),
  };
  open.push(end);
  return end;
}

/** Timers that fire only when the test moves time on (`advance`), in the order they are due. */
function manualClock(): PresenceClock & { advance(ms: number): void } {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { readonly at: number; readonly callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      timers.set(++seq, { at: now + ms, callback });
      return seq;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= until).sort(([, x], [, y]) => x.at - y.at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

const options = { heartbeatMs: 20, ttlMs: 60, clock: systemClock };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lease(name: string, tabId: string, channel = tabChannel(name)): DrainLock {
  const lock = channelLease(channel, tabId, "thread-1", options);
  open.push({ close: () => lock.release() });
  return lock;
}

describe("channelLease", () => {
  it("a holder keeps the lease against a claim from a tab whose timers ran before it heard the lease, whatever their ids", async () => {
    const name = `queue-lease-${Math.random()}`;
    const holder = lease(name, "tab-b");
    await expect.poll(() => holder.held.peek()).toBe(true);
    // The other tab's id is the smaller: of two claims at once it would win; against a holder it must not.
    const late = tabChannel(name);
    const clock = manualClock();
    const other = channelLease(late, "tab-a", "thread-1", { ...options, clock });
    open.push({ close: () => other.release() });
    await sleep(60);
    expect([holder.held.peek(), other.held.peek()]).toEqual([true, false]);
    // Its page was busy: the holder's leases wait while its lease time runs out, so it claims.
    late.hold = true;
    clock.advance(options.ttlMs);
    await sleep(60);
    // Then the leases arrive, the holder's answer to the claim among them, and its own timers run on.
    late.hold = false;
    clock.advance(options.heartbeatMs);
    const seen: boolean[] = [];
    const stop = holder.held.subscribe((value) => seen.push(value));
    await sleep(150);
    stop();
    expect(seen.every(Boolean)).toBe(true);
    expect([holder.held.peek(), other.held.peek()]).toEqual([true, false]);
  });

  it("when the holder lets go or stops repeating its lease, exactly one other tab takes it", async () => {
    const name = `queue-lease-${Math.random()}`;
    const first = lease(name, "tab-c");
    await expect.poll(() => first.held.peek()).toBe(true);
    const others = [lease(name, "tab-b"), lease(name, "tab-a")];
    await sleep(100);
    expect(others.map((lock) => lock.held.peek())).toEqual([false, false]);
    first.release();
    await expect.poll(() => others.filter((lock) => lock.held.peek()).length).toBe(1);
    await sleep(150);
    expect(others.map((lock) => lock.held.peek())).toEqual([false, true]);
    expect(others[1]!.contested).toBe(true);
  });
});
