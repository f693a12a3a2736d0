// The thread named in the URL, as the server holds it: its history is rendered on the server and
// handed to the page's chat as its initial messages, so hydration neither fetches nor re-renders it.
import { redirect } from "@sveltejs/kit";
import { serverThreads } from "$shared/server-threads.js";
import type { PageServerLoad } from "./$types";

export const load: PageServerLoad = ({ url }) => {
  const threadId = url.searchParams.get("thread");
  if (!threadId) {
    const next = new URL(url);
    next.searchParams.set("thread", crypto.randomUUID());
    redirect(303, `${next.pathname}${next.search}`);
  }
  const stored = serverThreads.get(threadId);
  return {
    threadId,
    scenario: url.searchParams.get("scenario") ?? undefined,
    messages: stored?.messages ?? [],
    state: stored?.state ?? {},
  };
};
