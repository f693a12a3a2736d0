// The "offline" switch, beside the flaky-network one: while it is on, the page acts as if the
// network were down — the chat's requests fail at once, the send queue holds what is typed, and
// the queue shows "offline". It is stored with the settings, so a reload stays offline (a real
// offline browser could not even reload the page). Off, the browser's own online state rules.
import { browserConnectivity, manualConnectivity } from "@threadline/core/chat";

/** The page's connectivity: the switch on top of the browser's. Both chats of a page share it. */
export const pageNetwork = manualConnectivity(browserConnectivity);

/** `inner`, failing at once (as fetch fails offline) while the page is offline. */
export function offlineFetch(inner: typeof fetch): typeof fetch {
  return (input, init) => (pageNetwork.online() ? inner(input, init) : Promise.reject(new TypeError("Failed to fetch: the page is offline (the playground's offline switch)")));
}
