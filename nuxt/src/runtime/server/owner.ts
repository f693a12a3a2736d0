// The owner function an app writes when `threadline.owner` names a server file: its default export.
import type { H3Event } from "h3";

/**
 * Who is asking: the signed-in user's id for this request, or undefined (or null) when nobody is
 * signed in (401 `OWNER_REQUIRED`). Runs on every request to the route, after the app's server
 * middleware.
 */
export type ThreadlineOwner = (event: H3Event) => string | null | undefined | Promise<string | null | undefined>;

/** Types the default export of the owner file (`threadline.owner: "~~/server/threadline-owner"`). Auto-imported in server code. */
export function defineThreadlineOwner(owner: ThreadlineOwner): ThreadlineOwner {
  return owner;
}

/** The owner file the app was built with, as the module's `#threadline/owner` template hands it over. */
export interface OwnerFile {
  /** `threadline.owner` as written in nuxt.config. */
  readonly option: string;
  /** The file's default export. */
  readonly owner: unknown;
}
