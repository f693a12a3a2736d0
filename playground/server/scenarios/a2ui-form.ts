// An A2UI form the agent fills as it streams, behind the official @ag-ui/a2ui-middleware: the
// script calls `render_a2ui` (surface id, components, data) as a model would, the middleware turns
// the streaming arguments into `a2ui-surface` activity snapshots — the form first, then each
// passenger as it completes, then the rest of the data — and, when the user submits, turns
// `forwardedProps.a2uiAction` into the `log_a2ui_event` tool call and result this script answers.
import { A2UIMiddleware, LOG_A2UI_EVENT_TOOL_NAME, RENDER_A2UI_TOOL_NAME } from "@ag-ui/a2ui-middleware";
import type { RunAgentInput, ToolMessage } from "@ag-ui/core";
import { findToolCall, lastUserText, toolResultText, trailingToolResults } from "../conversation.js";
import { RunIds, runFinished, runStarted, textMessage, toolCall } from "../events.js";
import type { Scenario, Step } from "../scenario.js";

export const SURFACE_ID = "trip-booking";
export const BASIC_CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json";

/** "book a trip to Oslo for Ada and Grace" → ["Ada", "Grace"]; two made-up names otherwise. */
export function passengersFrom(text: string): string[] {
  const match = /\bfor\s+(.+?)(?:[.!?]|$)/i.exec(text);
  const names = match?.[1]?.split(/\s*(?:,|\band\b)\s*/).map((n) => n.trim()).filter((n) => /^\p{Lu}/u.test(n)) ?? [];
  return names.length > 0 ? names.slice(0, 6) : ["Ada Lovelace", "Grace Hopper"];
}

export function destinationFrom(text: string): string {
  return /\bto\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/u.exec(text)?.[1] ?? "Oslo";
}

export function formComponents(): object[] {
  return [
    { id: "root", component: "Card", child: "form" },
    { id: "form", component: "Column", children: ["title", "passengers-label", "passengers", "email", "date", "cabin", "insurance", "submit"] },
    { id: "title", component: "Text", text: { path: "/trip/title" }, variant: "h3" },
    { id: "passengers-label", component: "Text", text: "Passengers", variant: "caption" },
    { id: "passengers", component: "List", children: { componentId: "passenger", path: "/items" } },
    { id: "passenger", component: "TextField", label: "Passenger name", value: { path: "name" } },
    {
      id: "email",
      component: "TextField",
      label: "Contact email",
      value: { path: "/contact/email" },
      checks: [{ condition: { call: "email", args: { value: { path: "/contact/email" } } }, message: "Enter a valid email address" }],
    },
    { id: "date", component: "DateTimeInput", label: "Departure", enableDate: true, value: { path: "/trip/date" } },
    {
      id: "cabin",
      component: "ChoicePicker",
      label: "Cabin",
      variant: "mutuallyExclusive",
      options: [
        { label: "Economy", value: "economy" },
        { label: "Premium", value: "premium" },
        { label: "Business", value: "business" },
      ],
      value: { path: "/trip/cabin" },
    },
    { id: "insurance", component: "CheckBox", label: "Travel insurance", value: { path: "/trip/insurance" } },
    {
      id: "submit",
      component: "Button",
      variant: "primary",
      child: "submit-label",
      action: {
        event: {
          name: "book_trip",
          context: { passengers: { path: "/items" }, email: { path: "/contact/email" }, date: { path: "/trip/date" }, cabin: { path: "/trip/cabin" }, insurance: { path: "/trip/insurance" } },
        },
      },
      checks: [{ condition: { call: "email", args: { value: { path: "/contact/email" } } }, message: "Fill in a contact email first" }],
    },
    { id: "submit-label", component: "Text", text: "Book trip" },
  ];
}

export function formData(text: string): object {
  const destination = destinationFrom(text);
  return {
    items: passengersFrom(text).map((name) => ({ name })),
    trip: { title: `Trip to ${destination}`, date: "2027-03-14", cabin: ["economy"], insurance: false },
    contact: { email: "" },
  };
}

function* renderForm(input: RunAgentInput): Generator<Step> {
  const ids = new RunIds(input.runId);
  const messageId = ids.next("msg");
  const text = lastUserText(input);
  yield runStarted(input);
  yield* textMessage(messageId, "Here is a booking form; I am filling in what you told me.");
  yield* toolCall(ids.next("tool"), RENDER_A2UI_TOOL_NAME, { surfaceId: SURFACE_ID, components: formComponents(), data: formData(text) }, messageId);
  yield runFinished(input);
}

/** The middleware's result sentence ends with `Context: {…}`: the values the user submitted. */
export function submittedContext(result: ToolMessage): Record<string, unknown> | undefined {
  const json = /Context: (\{[\s\S]*\})$/.exec(toolResultText(result))?.[1];
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function* confirm(input: RunAgentInput, result: ToolMessage): Generator<Step> {
  const ids = new RunIds(input.runId);
  const context = submittedContext(result);
  const passengers = Array.isArray(context?.["passengers"]) ? (context["passengers"] as { name?: unknown }[]).map((p) => String(p.name ?? "")).filter(Boolean) : [];
  const cabin = Array.isArray(context?.["cabin"]) ? String(context["cabin"][0] ?? "economy") : "economy";
  yield runStarted(input);
  yield* textMessage(
    ids.next("msg"),
    context === undefined
      ? "I saw the form submitted, but could not read what was in it."
      : `Booked: **${passengers.join(", ") || "nobody"}**, ${cabin} class on ${String(context["date"] ?? "the chosen day")}` +
          `${context["insurance"] === true ? ", with travel insurance" : ""}. The confirmation goes to ${String(context["email"])}.`,
  );
  yield runFinished(input);
}

export const a2uiForm: Scenario = {
  name: "a2ui-form",
  title: "A2UI form",
  description:
    "The agent renders an A2UI surface through @ag-ui/a2ui-middleware and fills it in as it streams; submitting the form sends the action back through the middleware.",
  prompt: "Book a trip to Oslo for Ada, Grace and Linus.",
  variants: [],
  run(input) {
    const submitted = trailingToolResults(input).find((r) => findToolCall(input, r.toolCallId)?.function.name === LOG_A2UI_EVENT_TOOL_NAME);
    return submitted !== undefined ? confirm(input, submitted) : renderForm(input);
  },
  middleware: () => new A2UIMiddleware({ injectA2UITool: true, defaultCatalogId: BASIC_CATALOG }),
};
