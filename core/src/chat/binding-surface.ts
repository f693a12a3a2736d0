import type { ChatClient } from "./client.js";

// What the Svelte and Vue `useChat` hand out of a client, under the same names: one store or ref
// per signal, and the methods.

/** The client's signals each binding follows one by one (a store or ref each, subscribed on its own). */
export const CHAT_SIGNALS = [
  "status",
  "error",
  "isRunning",
  "sessionGenerating",
  "following",
  "pendingInterrupts",
  "state",
  "persistenceError",
  "usage",
  "runUsage",
  "statusNote",
] as const;

const CHAT_METHODS = [
  "sendMessage",
  "stop",
  "regenerate",
  "editMessage",
  "switchBranch",
  "addToolResult",
  "respondToApproval",
  "resume",
  "cancelInterrupt",
  "setState",
  "clear",
  "setMessages",
] as const;

/** The methods a binding's `useChat` hands out, with `ChatClient`'s own signatures (overloads included). */
export type ChatMethods = Pick<ChatClient, (typeof CHAT_METHODS)[number]>;

type Method = (...args: unknown[]) => unknown;

/**
 * The chat's methods for a binding, each calling the same method of whatever `current()` is when
 * it is called: after Vue's `useChat` re-keys, a method kept from before reaches the new client.
 * The call is made on the client, so the method has its `this`.
 */
export function chatMethods(current: () => ChatClient): ChatMethods {
  const methods: Record<string, Method> = {};
  for (const name of CHAT_METHODS) methods[name] = (...args) => (current()[name] as Method)(...args);
  return methods as unknown as ChatMethods;
}
