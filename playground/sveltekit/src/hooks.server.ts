// The demo's session: each browser gets an anonymous user id in an httpOnly cookie on its first
// visit. A real app sets `locals` from its own sign-in (Auth.js, Lucia, a session table) the same
// way; the agent route and the page's load read the owner from there.
import type { Handle } from "@sveltejs/kit/hooks";

const SESSION = "tl_session";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const handle: Handle = async ({ event, resolve }) => {
  let userId = event.cookies.get(SESSION);
  if (userId === undefined || !UUID.test(userId)) {
    userId = crypto.randomUUID();
    event.cookies.set(SESSION, userId, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: event.url.protocol === "https:",
      maxAge: 60 * 60 * 24 * 30,
    });
  }
  event.locals.userId = userId;
  return resolve(event);
};
