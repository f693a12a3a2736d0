import { signal, type Signal } from "@preact/signals-core";
import type { ThreadImpl } from "../thread.js";
import type { ToolArgsParser } from "../tool-calls/tool-args.js";
import type { ToolCallNodeImpl } from "../tool-calls/tool-call-node.js";
import type { PatchedComponent } from "./node.js";
import type { TamboComponentImpl } from "./tambo-component.js";
import type { ComponentRegistry } from "./registry.js";
import type { ToolCallComponentImpl } from "./tool-call.js";
import type { AwaitingInput } from "./types.js";

/**
 * The `components` option of `createThread`, a thread store, `RunLoop` and `new ChatClient`:
 * made by `generativeUi({ registry, tambo })`. Generative UI is a plug-in so that a chat without
 * it ships none of the Tambo fold, the renderable tool calls or the strict-mode reading of their
 * props; a thread holds only `ThreadComponents`.
 */
export interface GenerativeUiPlugin {
  /** The renderable components (advertised to the agent as tools by a chat), if any. */
  readonly registry: ComponentRegistry | undefined;
  /** Opens one thread's generative UI; called once, when the thread is made. */
  readonly open: (thread: ThreadImpl) => ThreadComponents;
}

/**
 * A thread's components without the generative-UI plug-in: activity messages (plain AG-UI
 * messages, which are components whatever the options) still stream (fold/activity-components.ts)
 * and end with their run; there are no Tambo components and no renderable tool calls. The first
 * Tambo event the thread meets is warned about once, `GENERATIVE_UI_MISSING`, naming the plug-in
 * (fold/tambo-unfolded.ts); the event still goes to `onCustom` listeners, like any CUSTOM event
 * nobody folds. The plug-in (`GenerativeUi`) extends this with the rest.
 */
export class ThreadComponents {
  readonly awaitingInput: Signal<AwaitingInput | undefined> = signal(undefined);
  /** Components the current run is streaming: ended at RUN_FINISHED, cut off if the run fails. */
  readonly open = new Set<PatchedComponent>();
  /** Whether the missing plug-in was warned about (fold/tambo-unfolded.ts). */
  warnedTambo = false;

  constructor(
    protected readonly thread: ThreadImpl,
    readonly registry: ComponentRegistry | undefined = undefined,
  ) {}

  /** Whether the thread has the plug-in (and so can hold Tambo components). */
  get enabled(): boolean {
    return false;
  }

  component(_id: string): TamboComponentImpl | undefined {
    return undefined;
  }

  /** The message list was rewritten; components whose message left are forgotten. */
  prune(_holds: (messageId: string) => boolean): void {}

  /**
   * The parser for one call of `toolName` when the thread renders that tool (its component's props
   * are the partial arguments), with or without the `partialArgs` plug-in; only the plug-in does.
   */
  argsParser(_toolName: string): ToolArgsParser | undefined {
    return undefined;
  }

  /** A tool call joined the thread; only the plug-in renders it. */
  toolCallAdded(_call: ToolCallNodeImpl): void {}

  toolCallComponent(_call: ToolCallNodeImpl): ToolCallComponentImpl | undefined {
    return undefined;
  }

  /** RUN_FINISHED: what the run streamed is final. */
  runFinished(): void {
    for (const component of this.open) component.end();
    this.open.clear();
  }

  /** The run failed: the components it was still streaming end. */
  runFailed(): void {
    this.runFinished();
  }
}
