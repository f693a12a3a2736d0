import { afterEach, describe, expect, it } from "vitest";
import type { ThreadlineWarning } from "../../src/errors.js";
import { EventType } from "../../src/protocol/events.js";
import { PersistOptionError } from "../../src/persist/errors.js";
import { GenerationPresence, type GenerationPresenceOptions } from "../../src/chat/presence/presence.js";
import { generationChannelName, type BroadcastChannelLike } from "../../src/chat/presence/presence-channel.js";
import { ManualClock, sleep, until } from "../persist/support.js";

// Every presence and raw channel a test opens is closed after it, so no channel keeps Node alive.
const opened: { close(): void }[] = [];
let thread = 0;

afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

function presence(options: Partial<GenerationPresenceOptions> & { threadId: string }): GenerationPresence {
  const created = new GenerationPresence({ heartbeatMs: 100, ttlMs: 500, ...options });
  opened.push({ close: () => created.dispose() });
  return created;
}

/** A real BroadcastChannel that calls `handled` after each message its listeners have handled. */
function countingChannel(name: string, handled: () => void): BroadcastChannelLike {
  const channel = new BroadcastChannel(name);
  const wrapped = new Map<unknown, (event: MessageEvent) => void>();
  return {
    postMessage: (message) => channel.postMessage(message),
    addEventListener: (_type, listener) => {
      const counted = (event: MessageEvent) => {
        listener(event);
        handled();
      };
      wrapped.set(listener, counted);
      channel.addEventListener("message", counted);
    },
    removeEventListener: (_type, listener) => {
      const counted = wrapped.get(listener);
      if (counted !== undefined) channel.removeEventListener("message", counted);
    },
    close: () => channel.close(),
  };
}

/** A fresh thread id per test, so tests never hear each other's channels. */
const nextThread = () => `thread-${process.pid}-${++thread}`;

describe("GenerationPresence across tabs (real BroadcastChannel)", () => {
  it("two tabs see each other's generation state", async () => {
    const threadId = nextThread();
    const a = presence({ threadId, clock: new ManualClock() });
    const b = presence({ threadId, clock: new ManualClock() });
    expect(b.sessionGenerating.value).toBe(false);

    a.runStarted("r1");
    expect(a.sessionGenerating.value).toBe(true);
    expect(a.localGenerating.value).toBe(true);
    await until(() => b.sessionGenerating.value);
    expect(b.localGenerating.value).toBe(false);
    expect(b.remoteTabsGenerating.value).toBe(1);

    b.runStarted("r2"); // both generate
    await until(() => a.remoteTabsGenerating.value === 1);
    a.runEnded("r1");
    await until(() => b.remoteTabsGenerating.value === 0);
    expect(b.sessionGenerating.value).toBe(true); // its own run is still going
    expect(a.sessionGenerating.value).toBe(true); // sees b
    b.runEnded("r2");
    await until(() => !a.sessionGenerating.value);
    expect(b.sessionGenerating.value).toBe(false);
  });

  it("a tab opened while another generates learns it at once, not at the next heartbeat", async () => {
    const threadId = nextThread();
    const a = presence({ threadId, clock: new ManualClock() }); // its clock never moves: no heartbeat
    a.runStarted("r1");
    const late = presence({ threadId, clock: new ManualClock() });
    await until(() => late.sessionGenerating.value);
  });

  it("a tab that vanishes mid-run without goodbye expires after the TTL", async () => {
    const threadId = nextThread();
    const channels: BroadcastChannelLike[] = [];
    const crashing = new GenerationPresence({
      threadId,
      heartbeatMs: 100,
      ttlMs: 500,
      clock: new ManualClock(),
      createChannel: (name) => {
        const channel = new BroadcastChannel(name) as unknown as BroadcastChannelLike;
        channels.push(channel);
        return channel;
      },
    });
    const clock = new ManualClock();
    const survivor = presence({ threadId, clock });
    crashing.runStarted("r1");
    await until(() => survivor.sessionGenerating.value);
    channels[0]?.close(); // the tab is gone: no idle message, no more heartbeats

    clock.advance(499);
    expect(survivor.sessionGenerating.value).toBe(true);
    clock.advance(1);
    expect(survivor.sessionGenerating.value).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it("heartbeats keep a long run visible past the TTL", async () => {
    const threadId = nextThread();
    const clockA = new ManualClock();
    const clockB = new ManualClock();
    const a = presence({ threadId, clock: clockA });
    // Counts the messages B has handled, so the test waits for each heartbeat to arrive rather
    // than for a delivery delay it guesses.
    let heard = 0;
    const b = presence({ threadId, clock: clockB, createChannel: (name) => countingChannel(name, () => heard++) });
    a.runStarted("r1");
    await until(() => b.sessionGenerating.value);
    for (let beat = 0; beat < 20; beat++) {
      // 20 beats of 100 ms span four TTLs: B stays "generating" only if every heartbeat arrives.
      const before = heard;
      clockA.advance(100);
      await until(() => heard > before);
      clockB.advance(100);
      expect(b.sessionGenerating.value).toBe(true);
    }
    a.runEnded("r1");
    await until(() => !b.sessionGenerating.value);
    expect(clockA.pendingTimers).toBe(0); // the heartbeat stopped with the last run
  });

  it("dispose announces the end and closes the channel", async () => {
    const threadId = nextThread();
    const a = presence({ threadId, clock: new ManualClock() });
    const b = presence({ threadId, clock: new ManualClock() });
    a.runStarted("r1");
    await until(() => b.sessionGenerating.value);
    a.dispose();
    expect(a.sessionGenerating.value).toBe(false);
    await until(() => !b.sessionGenerating.value);
    a.runStarted("r2"); // ignored after dispose
    await sleep(10);
    expect(b.sessionGenerating.value).toBe(false);
  });

  it("tabs on other threads are not heard", async () => {
    const threadId = nextThread();
    const a = presence({ threadId, clock: new ManualClock() });
    const other = presence({ threadId: nextThread(), clock: new ManualClock() });
    const witness = presence({ threadId, clock: new ManualClock() });
    a.runStarted("r1");
    await until(() => witness.sessionGenerating.value); // by now the other channel would have it too
    await sleep(5);
    expect(other.sessionGenerating.value).toBe(false);
  });

  it("ignores malformed messages on the channel, with a warning", async () => {
    const threadId = nextThread();
    const warnings: ThreadlineWarning[] = [];
    const b = presence({ threadId, clock: new ManualClock(), onWarning: (w) => warnings.push(w) });
    const raw = new BroadcastChannel(generationChannelName(threadId));
    opened.push(raw);
    raw.postMessage({ kind: "generating", v: 1, tabId: "x", threadId, runIds: "r1" });
    raw.postMessage("hello");
    raw.postMessage({ kind: "generating", v: 1, tabId: "x", threadId, runIds: ["r1"] });
    await until(() => b.sessionGenerating.value);
    expect(warnings.map((w) => w.code)).toEqual(["PRESENCE_MALFORMED_MESSAGE", "PRESENCE_MALFORMED_MESSAGE"]);
  });
});

describe("GenerationPresence in one tab", () => {
  it("tracks concurrent runs; a RUN_ERROR without run id clears them all", () => {
    const p = presence({ threadId: nextThread(), createChannel: null, clock: new ManualClock() });
    const seen: boolean[] = [];
    const stop = p.sessionGenerating.subscribe((value) => seen.push(value));
    p.observeEvent({ type: EventType.RUN_STARTED, threadId: "t", runId: "r1" });
    p.observeEvent({ type: EventType.RUN_STARTED, threadId: "t", runId: "r2" });
    p.observeEvent({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: "x" });
    p.observeEvent({ type: EventType.RUN_FINISHED, threadId: "t", runId: "r1" });
    expect(p.sessionGenerating.value).toBe(true);
    p.observeEvent({ type: EventType.RUN_STARTED, threadId: "t", runId: "r3" });
    p.observeEvent({ type: EventType.RUN_ERROR, message: "thread-level failure" });
    expect(p.sessionGenerating.value).toBe(false);
    expect(seen).toEqual([false, true, false]); // no duplicate notifications
    stop();
  });

  it("runEnded for an unknown run changes nothing; reset ends all", () => {
    const clock = new ManualClock();
    const p = presence({ threadId: nextThread(), createChannel: null, clock });
    p.runStarted("r1");
    p.runEnded("nope");
    expect(p.localGenerating.value).toBe(true);
    p.reset();
    expect(p.localGenerating.value).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it("rejects a TTL that live tabs could outlive between heartbeats", () => {
    expect(() => new GenerationPresence({ threadId: "t", heartbeatMs: 1000, ttlMs: 1000, createChannel: null })).toThrow(PersistOptionError);
    expect(() => new GenerationPresence({ threadId: "t", heartbeatMs: 0, createChannel: null })).toThrow(/heartbeatMs/);
  });
});
