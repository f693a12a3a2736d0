import type { MessageNode } from "@threadline/core";
import { ThreadWindow as Window, type ScrollToMessageOptions } from "@threadline/core/thread-window";
import { defineComponent, h, onBeforeUnmount, onMounted, shallowRef, toRaw, watch, type PropType, type SlotsType, type VNode } from "vue";
import { useSignal } from "./useSignal.js";

const ROOT_STYLE = "position:relative;display:flex;flex-direction:column;min-height:0";
const SCROLLER_STYLE = "flex:1 1 auto;min-height:0;overflow-y:auto;overflow-anchor:none";
const LATEST_STYLE = "position:absolute;bottom:12px;left:50%;transform:translateX(-50%)";
// A row contains its children's margins (flow-root), so its measured height is all the space it takes.
const ROW_STYLE = "display:flow-root";

/**
 * A thread of any length as a scrolling list that draws only the messages in view (plus `margin`
 * above and below): a hundred thousand messages mount as a screenful. Core's `ThreadWindow`
 * (`@threadline/core/thread-window`) does the work — which rows to draw, their measured heights,
 * the view kept at the latest message while it streams, on the same message when history is
 * loaded above or a branch is switched, and on the message `scrollToMessage` names — and this
 * component draws its rows with the `row` slot (`#row="{ message, index }"`). A streamed token
 * re-renders nothing here: the growing row is measured once a frame. Same props and behaviour
 * as @threadline/svelte's `<ThreadWindow>`; its instance (a template ref) has `scrollToMessage`
 * and `scrollToLatest`.
 */
export const ThreadWindow = defineComponent({
  name: "ThreadWindow",
  props: {
    /** The thread's messages (`messages` of `useChat`, or any list of them): a new array when they change. */
    messages: { type: Array as PropType<readonly MessageNode[]>, required: true },
    /** The list's accessible name. */
    label: { type: String, default: "Messages" },
    /** The height a row counts as before it is measured, px (default 120); then the measured rows' mean. */
    estimatedRowHeight: { type: Number, default: undefined },
    /** How far rows are drawn beyond the visible part, px (default 800). */
    margin: { type: Number, default: undefined },
    /** Rows drawn before anything can be measured: on the server and in the first paint (default 10). */
    initialRows: { type: Number, default: undefined },
    /** Within this many px of the bottom counts as at the latest message (default 40). */
    latestThreshold: { type: Number, default: undefined },
    /** Called when the first message comes within `margin` of view (`@reach-start`): load earlier history. */
    onReachStart: { type: Function as PropType<() => void>, default: undefined },
  },
  slots: Object as SlotsType<{
    row: { message: MessageNode; index: number };
    header: Record<string, never>;
    footer: Record<string, never>;
    latest: { scrollToLatest: () => void };
  }>,
  setup(props, { slots, expose }) {
    // Options are read once, as the window is made; `onReachStart` is looked up at each call.
    const view = new Window(toRaw(props.messages), {
      estimatedRowHeight: props.estimatedRowHeight,
      margin: props.margin,
      initialRows: props.initialRows,
      latestThreshold: props.latestThreshold,
      onReachStart: () => props.onReachStart?.(),
    });
    const rows = useSignal(view.rows);
    const atLatest = useSignal(view.atLatest);
    const scroller = shallowRef<HTMLElement>();
    const list = shallowRef<HTMLElement>();
    watch(
      () => props.messages,
      (messages) => view.setMessages(toRaw(messages)),
      { flush: "pre" },
    );
    watch(rows, () => view.rendered(), { flush: "post" });
    onMounted(() => view.attach(scroller.value!, list.value!));
    onBeforeUnmount(() => view.dispose());

    const jump = (): void => view.scrollToLatest();
    expose({
      /** Scrolls to a message by id, landing it exactly where `align` says; false when no message has that id. */
      scrollToMessage: (messageId: string, options?: ScrollToMessageOptions): boolean => view.scrollToMessage(messageId, options),
      /** Scrolls to the latest message and follows it again. */
      scrollToLatest: (options?: { readonly focus?: boolean }): void => view.scrollToLatest(options),
    });

    return (): VNode => {
      const count = props.messages.length;
      const items = rows.value.map((row) =>
        h(
          "div",
          {
            key: row.message.id,
            class: "tl-thread-window-row",
            role: "listitem",
            "aria-posinset": row.index + 1,
            "aria-setsize": count,
            "data-message-id": row.message.id,
            tabindex: row.tabIndex,
            style: row.top === undefined ? ROW_STYLE : `${ROW_STYLE};position:absolute;left:0;right:0;top:${row.top}px`,
          },
          slots.row?.({ message: row.message, index: row.index }),
        ),
      );
      return h("div", { class: "tl-thread-window", style: ROOT_STYLE }, [
        h("div", { ref: scroller, class: "tl-thread-window-scroller", style: SCROLLER_STYLE }, [
          h("div", { class: "tl-thread-window-content" }, [
            h("div", { class: "tl-thread-window-header" }, slots.header?.({})),
            h("div", { ref: list, class: "tl-thread-window-list", role: "list", "aria-label": props.label, style: "position:relative" }, items),
            h("div", { class: "tl-thread-window-footer" }, slots.footer?.({})),
          ]),
        ]),
        atLatest.value
          ? null
          : (slots.latest?.({ scrollToLatest: jump }) ?? h("button", { type: "button", class: "tl-thread-window-latest", style: LATEST_STYLE, onClick: jump }, "↓ Jump to latest")),
      ]);
    };
  },
});
