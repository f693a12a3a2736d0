// Modules of the reader's own app that snippets import by name (a script file, so these are
// declarations, not augmentations).
declare module "#lib/agent" {
  /** The app's AG-UI agent, e.g. from @ag-ui/mastra. */
  export function createAgent(): import("@threadline/core").AgUiAgentLike;
}

// SvelteKit's private environment module, as SvelteKit generates it from the quick start's
// src/env.ts.
declare module "$app/env/private" {
  export const AGENT_URL: string;
}

declare module "#lib/session" {
  /** The signed-in user a request's session cookie or token names, or undefined. */
  export function userOf(req: import("node:http").IncomingMessage): string | undefined;
}

// What the docs' SvelteKit routes read from `locals`: the user your hooks.server.ts signed in.
declare namespace App {
  interface Locals {
    userId?: string;
  }
}
