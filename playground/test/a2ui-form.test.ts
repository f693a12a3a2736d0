// The A2UI form behind the official @ag-ui/a2ui-middleware, over HTTP, into a ChatClient with A2UI
// surfaces following its thread: the surface paints, passengers arrive as the arguments stream, the
// user's edits and submit go back as forwardedProps.a2uiAction, and the agent answers with what was
// submitted (the middleware having turned the action into a log_a2ui_event tool result).
import { EventType } from "@ag-ui/core";
import { ChatClient, HttpAgent } from "@threadline/core";
import { chatA2ui, operationsOf, type A2uiWarning } from "@threadline/core/a2ui";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { SURFACE_ID } from "../server/scenarios/a2ui-form.js";
import { makeInput, ofType, runScenario, user } from "./support/http.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

const PROMPT = "Book a trip to Bergen for Ada, Grace and Linus.";

test("the middleware paints the form, then each passenger as the arguments stream, then the whole data", async () => {
  const events = await runScenario(server.url, "a2ui-form", makeInput({ threadId: "a2ui-1", runId: "r1", messages: [user("u1", PROMPT)] }));
  const snapshots = ofType(events, EventType.ACTIVITY_SNAPSHOT);
  expect(new Set(snapshots.map((s) => s.activityType))).toEqual(new Set(["a2ui-surface"]));
  expect(new Set(snapshots.map((s) => s.messageId)).size).toBe(1);
  const passengersSeen = snapshots.map((s) => {
    const ops = operationsOf(s.content) ?? [];
    const data = ops.find((op) => "updateDataModel" in (op as object)) as { updateDataModel: { value: { items?: unknown[] } } } | undefined;
    return data?.updateDataModel.value.items?.length ?? 0;
  });
  expect(snapshots[0]!.content).toMatchObject({ status: "building" });
  // Filled as it streams: 1, 2, 3 passengers, then the full data object (3 again, with the rest).
  expect(passengersSeen.filter((n, i) => n > 0 && n !== passengersSeen[i - 1])).toEqual([1, 2, 3]);
  const last = operationsOf(snapshots.at(-1)!.content)!;
  expect(last.at(-1)).toMatchObject({ updateDataModel: { surfaceId: SURFACE_ID, path: "/", value: { trip: { title: "Trip to Bergen" }, contact: { email: "" } } } });
  // The middleware answered the render call itself, before RUN_FINISHED.
  const results = ofType(events, EventType.TOOL_CALL_RESULT);
  expect(results.map((r) => JSON.parse(String(r.content)))).toEqual([{ status: "rendered" }]);
  expect(events.at(-1)!.type).toBe(EventType.RUN_FINISHED);
});

test("a ChatClient renders the surface, and the submit round-trips through the middleware", async () => {
  const warnings: A2uiWarning[] = [];
  const chat = new ChatClient({ agent: new HttpAgent({ url: `${server.url}?scenario=a2ui-form&delay=0` }) });
  const { a2ui: surfaces, stop } = chatA2ui(chat, { onWarning: (w) => warnings.push(w) });
  await chat.sendMessage(PROMPT);
  const surface = surfaces.surface(SURFACE_ID)!;
  expect(surface).toBeDefined();
  expect(surfaces.surfacesOf(chat.thread.messages.value.find((m) => m.role === "activity")!.id).value).toEqual([surface]);
  const list = surface.children(surface.view("passengers").value!.props["children"]).value;
  expect(list.map((c) => surface.view(c.id, c.scope).value!.props["value"])).toEqual(["Ada", "Grace", "Linus"]);
  // The user fixes a name, fills the email, picks a cabin; the button's check passes.
  expect(surface.view("submit").value!.errors).toEqual(["Fill in a contact email first"]);
  surface.write({ path: "name" }, "/items/2", "Linus Torvalds");
  surface.write({ path: "/contact/email" }, "/", "ada@example.com");
  surface.write({ path: "/trip/cabin" }, "/", ["business"]);
  expect(surface.view("submit").value!.errors).toEqual([]);
  surface.dispatch("submit", surface.view("submit").value!.props["action"]);
  await waitFor(() => chat.status.value === "idle" && chat.thread.messages.value.at(-1)?.role === "assistant");
  const answer = chat.thread.toMessages().at(-1)!;
  expect(answer.role).toBe("assistant");
  expect(answer.content).toBe(
    "Booked: **Ada, Grace, Linus Torvalds**, business class on 2027-03-14. The confirmation goes to ada@example.com.",
  );
  expect(warnings).toEqual([]);
  stop();
  chat.dispose();
});

async function waitFor(ok: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
