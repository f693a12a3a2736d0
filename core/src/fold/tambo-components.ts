import { DEV } from "esm-env";
import type { CustomEvent } from "@ag-ui/core";
import type { Operation } from "fast-json-patch";
import { ThreadlineError } from "../errors.js";
import { describePatchError, type PatchOutcome } from "../json/json-patch.js";
import { AssistantMessageNodeImpl } from "../model/messages/assistant-node.js";
import { ComponentError } from "../model/components/errors.js";
import type { GenerativeUi } from "../model/components/generative-ui.js";
import type { TamboComponentImpl } from "../model/components/tambo-component.js";
import type { PendingToolCall } from "../model/components/types.js";
import type { ThreadImpl } from "../model/thread.js";
import { refuseForbiddenPaths } from "./patch-paths.js";
import { TAMBO_EVENTS } from "./tambo-names.js";
import { appendNode } from "../model/streamed-nodes.js";

/**
 * Tambo's generative-UI events, carried in CUSTOM (payloads as Tambo's client types them):
 *   tambo.component.start        { messageId, componentId, componentName }
 *   tambo.component.props_delta  { componentId, operations: JSON Patch }
 *   tambo.component.state_delta  { componentId, operations: JSON Patch }
 *   tambo.component.end          { componentId }
 *   tambo.run.awaiting_input     { pendingToolCalls: { toolCallId, toolName, arguments }[] }
 *   tambo.message.parent         { messageId, parentMessageId }
 * Each is claimed on the thread, so it folds inside the event's batch. A bad payload is a
 * warning (and, when it concerns a known component, that component's `error`); nothing folded
 * before is lost and the stream goes on. Other `tambo.*` names are not claimed: listeners get them.
 */

/** Claims the Tambo names on `thread`; returns the function that releases them. */
export function installTamboEvents(thread: ThreadImpl, ui: GenerativeUi): () => void {
  const releases = [
    thread.claimCustom(TAMBO_EVENTS.componentStart, (event) => start(thread, ui, event)),
    thread.claimCustom(TAMBO_EVENTS.propsDelta, (event) => delta(thread, event, "props")),
    thread.claimCustom(TAMBO_EVENTS.stateDelta, (event) => delta(thread, event, "state")),
    thread.claimCustom(TAMBO_EVENTS.componentEnd, (event) => end(thread, ui, event)),
    thread.claimCustom(TAMBO_EVENTS.awaitingInput, (event) => awaitingInput(thread, event)),
    thread.claimCustom(TAMBO_EVENTS.messageParent, (event) => messageParent(thread, event)),
  ];
  return () => {
    for (const release of releases) release();
  };
}

type Payload = Readonly<Record<string, unknown>>;

function payload(thread: ThreadImpl, event: CustomEvent, fields: readonly string[]): Payload | undefined {
  const value: unknown = event.value;
  const missing =
    value === null || typeof value !== "object" || Array.isArray(value)
      ? fields
      : fields.filter((field) => {
          const v = (value as Payload)[field];
          return typeof v !== "string" || v === "";
        });
  if (missing.length === 0) return value as Payload;
  thread.warn({
    code: "MALFORMED_TAMBO_EVENT",
    message: DEV ? `${event.name}: the value needs non-empty string ${missing.map((f) => `\`${f}\``).join(", ")}; the event was ignored.` : "",
    event,
  });
  return undefined;
}

function start(thread: ThreadImpl, ui: GenerativeUi, event: CustomEvent): void {
  const value = payload(thread, event, ["messageId", "componentId", "componentName"]);
  if (value === undefined) return;
  const { messageId, componentId, componentName } = value as { messageId: string; componentId: string; componentName: string };
  if (thread.genui.component(componentId) !== undefined) {
    thread.warn({ code: "DUPLICATE_COMPONENT", message: DEV ? `${event.name}: component '${componentId}' already started; the event was ignored.` : "", event });
    return;
  }
  // Components may come before the message's TEXT_MESSAGE_START: the message is made here.
  let owner = thread.node(messageId);
  if (owner === undefined) {
    owner = new AssistantMessageNodeImpl(messageId, undefined);
    appendNode(thread, owner);
  } else if (owner.role !== "assistant") {
    thread.warn({
      code: "COMPONENT_MESSAGE_NOT_ASSISTANT",
      message: DEV ? `${event.name}: message '${messageId}' is a '${owner.role}' message; component '${componentId}' was dropped.` : "",
      event,
    });
    return;
  }
  ui.startTambo(componentId, componentName, owner);
}

function delta(thread: ThreadImpl, event: CustomEvent, target: "props" | "state"): void {
  const component = known(thread, event);
  if (component === undefined) return;
  const operations = (event.value as Payload)["operations"];
  if (!Array.isArray(operations)) {
    broken(thread, event, component, "COMPONENT_PATCH_FAILED", DEV ? `${event.name}: \`operations\` must be an array of JSON Patch operations` : "");
    return;
  }
  try {
    refuseForbiddenPaths(operations, event.name);
  } catch (error) {
    broken(thread, event, component, "COMPONENT_PATCH_FORBIDDEN", error instanceof ThreadlineError ? error.message : String(error));
    return;
  }
  const patch = operations as Operation[];
  const outcome: PatchOutcome = target === "props" ? component.patchProps(patch) : component.patchState(patch);
  if (!outcome.ok) {
    broken(thread, event, component, "COMPONENT_PATCH_FAILED", DEV ? `${event.name}: the patch for component '${component.id}' did not apply (${describePatchError(outcome.error)})` : "", outcome.error);
  }
}

function end(thread: ThreadImpl, ui: GenerativeUi, event: CustomEvent): void {
  const component = known(thread, event);
  if (component !== undefined) ui.endTambo(component);
}

/** The component a delta or end names, or a warning. */
function known(thread: ThreadImpl, event: CustomEvent): TamboComponentImpl | undefined {
  const value = payload(thread, event, ["componentId"]);
  if (value === undefined) return undefined;
  const id = value["componentId"] as string;
  const component = thread.genui.component(id);
  if (component === undefined) {
    thread.warn({ code: "UNKNOWN_COMPONENT", message: DEV ? `${event.name}: no component '${id}' was started; the event was ignored.` : "", event });
  }
  return component;
}

function broken(
  thread: ThreadImpl,
  event: CustomEvent,
  component: TamboComponentImpl,
  code: "COMPONENT_PATCH_FAILED" | "COMPONENT_PATCH_FORBIDDEN",
  message: string,
  cause?: unknown,
): void {
  const text = DEV ? `${message}; its ${event.name.endsWith("state_delta") ? "state" : "props"} were kept.` : "";
  component.fail(new ComponentError(code, component.id, text, { cause }));
  thread.warn({ code, message: text, event });
}

function awaitingInput(thread: ThreadImpl, event: CustomEvent): void {
  const list = (event.value as { pendingToolCalls?: unknown } | null | undefined)?.pendingToolCalls;
  const calls: PendingToolCall[] = [];
  if (!Array.isArray(list)) {
    thread.warn({ code: "MALFORMED_TAMBO_EVENT", message: DEV ? `${event.name}: \`pendingToolCalls\` is not an array; the run awaits input with no named calls.` : "", event });
  } else {
    list.forEach((entry: unknown, i) => {
      const e = entry as { toolCallId?: unknown; toolName?: unknown; arguments?: unknown } | null;
      if (e === null || typeof e !== "object" || typeof e.toolCallId !== "string" || e.toolCallId === "") {
        thread.warn({ code: "MALFORMED_TAMBO_EVENT", message: DEV ? `${event.name}: pendingToolCalls[${i}] has no string \`toolCallId\`; it was skipped.` : "", event });
        return;
      }
      calls.push(
        Object.freeze({
          toolCallId: e.toolCallId,
          toolName: typeof e.toolName === "string" ? e.toolName : "",
          arguments: typeof e.arguments === "string" ? e.arguments : "",
        }),
      );
    });
  }
  thread.genui.awaitingInput.value = Object.freeze({ runId: thread.runId.peek(), pendingToolCalls: Object.freeze(calls) });
}

function messageParent(thread: ThreadImpl, event: CustomEvent): void {
  const value = payload(thread, event, ["messageId", "parentMessageId"]);
  if (value === undefined) return;
  const { messageId, parentMessageId } = value as { messageId: string; parentMessageId: string };
  let node = thread.node(messageId);
  if (node === undefined) {
    // It precedes the message's own START (as Tambo sends it): the message is made here.
    node = new AssistantMessageNodeImpl(messageId, undefined);
    appendNode(thread, node);
  }
  node.parentMessageId.value = parentMessageId;
}
