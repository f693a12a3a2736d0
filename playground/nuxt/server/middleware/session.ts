// The demo's session: each browser gets an anonymous user id in an httpOnly cookie on its first
// visit. A real app sets `event.context.userId` from its own sign-in (nuxt-auth-utils, a session
// table) the same way; the module's agent route (threadline.owner) and the thread endpoint read it.
const SESSION = "tl_session";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export default defineEventHandler((event) => {
  let userId = getCookie(event, SESSION);
  if (userId === undefined || !UUID.test(userId)) {
    userId = crypto.randomUUID();
    setCookie(event, SESSION, userId, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: getRequestProtocol(event) === "https",
      maxAge: 60 * 60 * 24 * 30,
    });
  }
  event.context.userId = userId;
});
