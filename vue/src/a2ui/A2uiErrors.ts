import { h, type VNode } from "vue";

/** An input's failing checks, announced politely as they change. */
export function a2uiErrors(id: string, errors: readonly string[]): VNode {
  return h("ul", { class: "a2ui-errors", id, "aria-live": "polite" }, errors.map((error, i) => h("li", { key: i }, error)));
}
