import { defineComponent, h } from "vue";
import { iconLabel, iconPath } from "@threadline/core/a2ui";
import { A2UI_COMPONENT_PROPS } from "./context.js";

// The path's `d` attribute by a computed key: core's published build gives its internal members
// short names such as `d`, and no source of ours may write one as a property name (mangle.test.ts).
const PATH_DATA = "d";

export const A2uiIcon = defineComponent({
  name: "A2uiIcon",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const name = props.view.props["name"];
      const label = (props.view.props["accessibility"] as { label?: string } | undefined)?.label ?? iconLabel(name);
      return h("svg", { class: "a2ui-icon", viewBox: "0 0 24 24", role: "img", "aria-label": label }, [h("path", { [PATH_DATA]: iconPath(name) })]);
    };
  },
});
