import { defineComponent, h, nextTick, ref } from "vue";
import { elementId } from "@threadline/core/a2ui";
import { A2uiChild } from "./A2uiChild.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

/** The trigger opens a modal <dialog> (focus kept inside, Escape closes); the content renders only while open. */
export const A2uiModal = defineComponent({
  name: "A2uiModal",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    const dialog = ref<HTMLDialogElement | null>(null);
    const open = ref(false);
    const show = () => {
      open.value = true;
      void nextTick(() => {
        const el = dialog.value;
        if (el === null || el.open) return;
        if (typeof el.showModal === "function") el.showModal();
        else el.setAttribute("open", "");
      });
    };
    const close = () => {
      const el = dialog.value;
      if (el?.open === true && typeof el.close === "function") el.close();
      else el?.removeAttribute("open");
      open.value = false;
    };
    return () => {
      const { context, view } = props;
      const trigger = h(A2uiChild, { parent: context, id: view.props["trigger"] });
      // A trigger that is a button already: its click (mouse or keyboard) bubbles to the wrapper.
      const triggerIsButton = context.surface.component(String(view.props["trigger"])).value?.type === "Button";
      return [
        triggerIsButton
          ? h("span", { class: "a2ui-modal-trigger", onClick: show }, [trigger])
          : h("button", { type: "button", class: "a2ui-button a2ui-modal-trigger", "aria-haspopup": "dialog", onClick: show }, [trigger]),
        h("dialog", { ref: dialog, class: "a2ui-modal-dialog", "aria-labelledby": elementId(context, "content"), onClose: () => (open.value = false) }, [
          h("button", { type: "button", class: "a2ui-button a2ui-modal-close", "data-variant": "borderless", "aria-label": "Close", onClick: close }, "×"),
          h("div", { id: elementId(context, "content") }, open.value ? [h(A2uiChild, { parent: context, id: view.props["content"] })] : []),
        ]),
      ];
    };
  },
});
