import { Signal } from "@preact/signals-core";

/**
 * A node field that most messages never change and nobody may ever watch (metadata, name,
 * encryptedValue…): held as its plain value until its signal is first asked for, then as that
 * signal for good. A signal costs ~90 bytes; a thread of thousands of messages would otherwise pay
 * that for each such field of each message. Safe for subscribers: the signal is made on the first
 * read (with the value written so far), so anyone who can watch it watches the one later writes go
 * to. Values are JSON, strings or booleans, never signals, so `instanceof` tells the two apart.
 */
export type LazySlot<T> = T | Signal<T>;

/** The slot's value, without making its signal. */
export function peekSlot<T>(slot: LazySlot<T>): T {
  return slot instanceof Signal ? (slot.peek() as T) : slot;
}

/** The slot's signal, made now (holding the value so far) if it was not yet. Store the result back. */
export function slotSignal<T>(slot: LazySlot<T>): Signal<T> {
  return slot instanceof Signal ? (slot as Signal<T>) : new Signal(slot);
}

/** Writes `value` through the signal when there is one. Store the result back. */
export function writeSlot<T>(slot: LazySlot<T>, value: T): LazySlot<T> {
  if (!(slot instanceof Signal)) return value;
  (slot as Signal<T>).value = value;
  return slot;
}
