// Modules of the reader's own app that snippets import by name (a script file, so these are
// declarations, not augmentations).
declare module "$lib/agent" {
  /** The app's AG-UI agent, e.g. from @ag-ui/mastra. */
  export function createAgent(): import("@threadline/core").AgUiAgentLike;
}

// SvelteKit's environment module, as a SvelteKit app generates it.
declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>;
}

declare module "$lib/session" {
  /** The signed-in user a request's session cookie or token names, or undefined. */
  export function userOf(req: import("node:http").IncomingMessage): string | undefined;
}

// What the docs' SvelteKit routes read from `locals`: the user your hooks.server.ts signed in.
declare namespace App {
  interface Locals {
    userId?: string;
  }
}
