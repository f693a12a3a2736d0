import { DEV } from "esm-env";
import type { AssistantMessageNodeImpl } from "../messages/assistant-node.js";
import { addComponentPart, renderToolCallPart } from "./component-parts.js";
import { ComponentError } from "./errors.js";
import { TamboComponentImpl } from "./tambo-component.js";
import { ThreadComponents } from "./plugin.js";
import type { ComponentRegistry } from "./registry.js";
import type { ComponentProps } from "./types.js";
import type { ThreadlineError } from "../../errors.js";
import type { ThreadImpl } from "../thread.js";
import { ToolCallComponentImpl } from "./tool-call.js";
import type { ToolCallNodeImpl } from "../tool-calls/tool-call-node.js";
import { createToolArgsParser } from "../tool-calls/incremental-args.js";
import type { ToolArgsParser } from "../tool-calls/tool-args.js";

/**
 * A thread's generative UI, the plug-in's side of `ThreadComponents`: Tambo components by id,
 * the components still streaming in the current run (closed when it ends), the renderable-tool
 * registry, and the run's awaiting-input pause. The fold and the thread call in at the few
 * points that matter; every call is O(1) or O(the components it touches).
 */
export class GenerativeUi extends ThreadComponents {
  readonly #byId = new Map<string, TamboComponentImpl>();
  readonly #toolViews = new WeakMap<ToolCallNodeImpl, ToolCallComponentImpl>();

  constructor(thread: ThreadImpl, registry: ComponentRegistry | undefined) {
    super(thread, registry);
  }

  override get enabled(): boolean {
    return true;
  }

  override component(id: string): TamboComponentImpl | undefined {
    return this.#byId.get(id);
  }

  /** `tambo.component.start`: a new component part at the end of `owner`'s parts. */
  startTambo(id: string, name: string, owner: AssistantMessageNodeImpl): TamboComponentImpl {
    const component = new TamboComponentImpl(id, name, owner.id, this.registry?.get(name)?.propNames ?? []);
    this.#byId.set(id, component);
    this.open.add(component);
    addComponentPart(owner, component);
    return component;
  }

  /**
   * A Tambo component read back from storage (see the chat client's persistence): ended, placed
   * at `at` among `owner`'s parts. False, with nothing changed, when the thread already holds a
   * component with that id. Only the plug-in holds Tambo components: a thread without it restores none.
   */
  restoreTambo(
    saved: { readonly id: string; readonly name: string; readonly props: ComponentProps; readonly state: ComponentProps; readonly error: ThreadlineError | undefined },
    owner: AssistantMessageNodeImpl,
    at: number,
  ): boolean {
    if (this.#byId.has(saved.id)) return false;
    const component = new TamboComponentImpl(saved.id, saved.name, owner.id, this.registry?.get(saved.name)?.propNames ?? []);
    component.restore(saved.props, saved.state, saved.error);
    this.#byId.set(saved.id, component);
    addComponentPart(owner, component, at);
    return true;
  }

  /**
   * The message list was rewritten (a snapshot, `setMessages`, a clear): Tambo components whose
   * message left the thread are forgotten, so their ids can start again. O(components).
   */
  override prune(holds: (messageId: string) => boolean): void {
    if (this.#byId.size === 0) return;
    for (const [id, component] of this.#byId) {
      if (!holds(component.messageId)) this.#byId.delete(id);
    }
  }

  endTambo(component: TamboComponentImpl): void {
    component.end();
    this.open.delete(component);
  }

  /**
   * A tool call joined the thread (streamed or arriving whole). If its tool is registered, its
   * part becomes a component part. Idempotent; the view is made once per call.
   */
  override toolCallAdded(call: ToolCallNodeImpl): void {
    const registry = this.registry;
    if (registry === undefined) return;
    const entry = registry.get(call.name.peek());
    if (entry === undefined) return;
    const owner = this.thread.node(call.messageId);
    if (owner?.role !== "assistant") return;
    let view = this.#toolViews.get(call);
    if (view === undefined) this.#toolViews.set(call, (view = new ToolCallComponentImpl(call, entry)));
    renderToolCallPart(owner, call, view);
  }

  /** A registered tool's calls are parsed as they stream: the props of its component. */
  override argsParser(toolName: string): ToolArgsParser | undefined {
    return this.registry?.has(toolName) === true ? createToolArgsParser() : undefined;
  }

  /** The view of a tool call as a component, if its tool is renderable. */
  override toolCallComponent(call: ToolCallNodeImpl): ToolCallComponentImpl | undefined {
    return this.#toolViews.get(call);
  }

  /** RUN_FINISHED: what the run streamed is final. A Tambo component never ended is a warning. */
  override runFinished(): void {
    for (const component of this.open) {
      if (component instanceof TamboComponentImpl) {
        this.thread.warn({
          code: "COMPONENT_NOT_ENDED",
          message: DEV ? `RUN_FINISHED: component '${component.id}' (${component.name}) got no tambo.component.end; it is treated as ended.` : "",
        });
      }
      component.end();
    }
    this.open.clear();
  }

  /**
   * The run failed (RUN_ERROR, or the client rejected the stream). Only components this run was
   * still streaming are touched: a Tambo component is cut off (`error`), an activity simply ends.
   * Components of earlier runs keep their state.
   */
  override runFailed(): void {
    for (const component of this.open) {
      if (component instanceof TamboComponentImpl) {
        component.fail(
          new ComponentError("COMPONENT_CUT_OFF", component.id, DEV ? `Component '${component.id}' (${component.name}): the run ended before tambo.component.end.` : ""),
        );
      } else {
        component.end();
      }
    }
    this.open.clear();
  }
}
