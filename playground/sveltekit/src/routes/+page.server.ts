// The thread named in the URL, as the server holds it: its history is rendered on the server and
// handed to the page's chat as its initial messages, so hydration neither fetches nor re-renders it.
import { redirect } from "@sveltejs/kit";
import { runOptionsOf } from "$shared/run-options.js";
import { serverThreads } from "$shared/server-threads.js";
import { appAgent } from "#lib/server/agent.js";
import type { PageServerLoad } from "./$types";

export const load: PageServerLoad = async ({ url, locals }) => {
  const threadId = url.searchParams.get("thread");
  if (!threadId) {
    const next = new URL(url);
    next.searchParams.set("thread", crypto.randomUUID());
    redirect(303, `${next.pathname}${next.search}`);
  }
  // Only the session user's own thread: another user's id renders an empty one.
  const stored = serverThreads.get(threadId, locals.userId);
  // A run going on the thread (a reload mid-answer, another device): the page follows it.
  const runs = (await (await appAgent()).store.runsOf(threadId)).filter((run) => run.owner === locals.userId);
  return {
    threadId,
    runOptions: runOptionsOf(url.searchParams),
    messages: stored?.messages ?? [],
    state: stored?.state ?? {},
    running: runs.some((run) => run.status === "running"),
  };
};
