import { AgentHandlerError } from "./errors.js";

/**
 * Who is asking: the app's own answer (a user id from its session, a tenant from a bearer token),
 * from the request and whatever the app passes beside it (SvelteKit's `event`, Nuxt's `event`,
 * node's `IncomingMessage`). `undefined` or `null`: nobody is signed in (401 `OWNER_REQUIRED`).
 */
export type OwnerOf<C> = (request: Request, context: C) => string | null | undefined | Promise<string | null | undefined>;

/**
 * The `owner` option: a function that says who is asking, or `"anonymous"` to serve every
 * request as one owner (local development, a single-user tool), which the handler announces.
 */
export type OwnerOption<C> = OwnerOf<C> | "anonymous";

/** The one owner every request has in anonymous mode. */
export const ANONYMOUS_OWNER = "anonymous";

/** The longest owner id kept; a longer one is refused as a bug in the `owner` function. */
const MAX_OWNER_LENGTH = 512;

let anonymousAnnounced = false;

/**
 * The owner lookup a handler runs on every request. Without an `owner` option there is no
 * handler at all: serving without owners is a choice the app writes down, never a default.
 */
export function ownerLookup<C>(option: OwnerOption<C> | undefined): (request: Request, context: C) => Promise<string> {
  if (option === "anonymous") {
    if (!anonymousAnnounced) {
      anonymousAnnounced = true;
      console.warn(
        "[threadline] createAgentHandler runs in anonymous mode: every request is the same owner, so anyone who " +
          "knows a thread or run id can read, continue and stop it. Fine on localhost; on a network, pass " +
          "`owner: (request, context) => <the signed-in user's id>`.",
      );
    }
    return async () => ANONYMOUS_OWNER;
  }
  if (typeof option !== "function") {
    throw new TypeError(
      "createAgentHandler needs `owner`: a function that returns who is asking (the user id from your session, " +
        'or undefined when nobody is signed in), or owner: "anonymous" to serve everyone as one owner (development only).',
    );
  }
  return async (request, context) => {
    const owner = await option(request, context);
    if (owner === undefined || owner === null || owner === "") {
      throw new AgentHandlerError("OWNER_REQUIRED", "This request is not signed in.");
    }
    if (typeof owner !== "string" || owner.length > MAX_OWNER_LENGTH) {
      throw new TypeError(`The owner function must return a string of at most ${MAX_OWNER_LENGTH} characters, or undefined.`);
    }
    return owner;
  };
}
