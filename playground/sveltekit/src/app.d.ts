// The app's own types for SvelteKit: what hooks.server.ts puts on every request's `locals`.
declare global {
  namespace App {
    interface Locals {
      /** Who is asking: the owner of the threads and runs this request touches. */
      userId: string;
    }
  }
}

export {};
