// The thread named by ?id=, as the server holds it for the session's user (another user's thread
// is as good as absent), and whether a run is going on it — asked of the module's route with the
// same session, so it answers this user's runs only.
import { serverThreads } from "$shared/server-threads.js";

interface ThreadRuns {
  readonly runs: readonly { readonly status: "running" | "ended" }[];
}

export default defineEventHandler(async (event) => {
  const threadId = getQuery(event).id;
  if (typeof threadId !== "string" || threadId === "") throw createError({ statusCode: 400, statusMessage: "?id= names the thread" });
  const stored = serverThreads.get(threadId, event.context.userId as string);
  const { runs } = await event.$fetch<ThreadRuns>(useRuntimeConfig(event).public.threadline.route, { query: { threadId } });
  return {
    messages: stored?.messages ?? [],
    state: stored?.state ?? {},
    running: runs.some((run) => run.status === "running"),
  };
});
