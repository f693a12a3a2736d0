import { defineComponent, h, onBeforeUnmount, onMounted, ref, toRaw, type PropType, type VNode } from "vue";
import { mcpAppFor } from "@threadline/core/mcp-apps";
import { BindingError, type ActivityMessageNode } from "@threadline/core/model";
import { useSignal } from "../useSignal.js";
import { injectMcpApps, type McpAppsSetup } from "./context.js";

/**
 * An `mcp-apps` activity message: the MCP App in its sandboxed frame (core's McpAppHost on the
 * official AppBridge), a status line while it loads or when it fails, and the app's tool calls
 * waiting for the user's Allow / Deny. The app is torn down with the component.
 */
export const McpAppActivity = defineComponent({
  name: "McpAppActivity",
  props: {
    message: { type: Object as PropType<ActivityMessageNode>, required: true },
    setup: { type: Object as PropType<McpAppsSetup>, required: false, default: undefined },
  },
  setup(props) {
    const setup = props.setup ?? injectMcpApps();
    const message = toRaw(props.message);
    if (setup === undefined) throw new BindingError("MCP_APPS_NOT_PROVIDED", "McpAppActivity needs `setup` or useMcpApps() in an ancestor", message);
    const host = mcpAppFor(message, toRaw(setup).chat, toRaw(setup).options);
    const status = useSignal(host.status);
    const failure = useSignal(host.error);
    const approval = useSignal(host.approval);
    const frame = ref<HTMLDivElement | null>(null);
    onMounted(() => {
      if (frame.value !== null) void host.mount(frame.value);
    });
    onBeforeUnmount(() => void host.teardown());
    return (): VNode => {
      const pending = approval.value;
      return h("div", { class: "mcp-app", "data-status": status.value }, [
        status.value === "loading" ? h("p", { class: "mcp-app-status", role: "status" }, "Loading the app…") : null,
        failure.value !== undefined ? h("p", { class: "mcp-app-status", role: "alert" }, `The app could not be shown: ${failure.value.message}`) : null,
        h("div", { class: "mcp-app-frame", ref: frame }),
        pending === undefined
          ? null
          : h("div", { class: "mcp-app-approval", role: "group", "aria-label": "The app asks to call a tool" }, [
              h("p", ["The app wants to call ", h("code", pending.name), " with ", h("code", JSON.stringify(pending.arguments)), "."]),
              h("button", { type: "button", onClick: () => pending.approve() }, "Allow"),
              h("button", { type: "button", onClick: () => pending.decline() }, "Deny"),
            ]),
      ]);
    };
  },
});
