// Who is asking, for the module's agent route (threadline.owner names this file): the user id the
// session middleware put on the event. A real app reads its own sign-in here the same way, e.g.
// `(await getUserSession(event)).user?.id` with nuxt-auth-utils.
export default defineThreadlineOwner((event) => event.context.userId);
