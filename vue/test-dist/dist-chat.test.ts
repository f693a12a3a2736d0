// The Vue quick start on the built packages (vue/dist over core/dist, internal names shortened):
// streamed text, a client tool call answered in a second request, a state snapshot and delta, initial
// messages and setMessages, rendered with Testing Library against a real AG-UI server.
import { fireEvent, render, screen, waitFor } from "@testing-library/vue";
import { HttpAgent, defineTool } from "@threadline/core";
import { defineComponent, h, ref } from "vue";
import { afterEach, expect, test } from "vitest";
import { StreamingText, useChat } from "../dist/index.js";
import { agentServer, type AgentServer } from "../test/support/server.js";
import { WEATHER_TOOL, weatherTurn } from "../../core/test/support/weather-turns.js";

let server: AgentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const weather = defineTool(WEATHER_TOOL);

/** The README's quick start, as a render function, with a client tool, the state and a reset button. */
const DistChat = defineComponent({
  props: { url: { type: String, required: true } },
  setup(props) {
    const { messages, status, state, sendMessage, setMessages } = useChat({
      agent: new HttpAgent({ url: props.url }),
      messages: [{ id: "s1", role: "system", content: "Be brief." }],
      tools: [weather],
    });
    const draft = ref("");
    return () => [
      ...messages.value.map((m) => h("p", { key: m.id, class: m.role }, [h(StreamingText, { node: m })])),
      h("output", { "aria-label": "State" }, JSON.stringify(state.value)),
      h("output", { "aria-label": "Status" }, status.value),
      h("form", { onSubmit: (e: Event) => (e.preventDefault(), void sendMessage(draft.value), (draft.value = "")) }, [
        h("input", { "aria-label": "Message", value: draft.value, onInput: (e: Event) => (draft.value = (e.target as HTMLInputElement).value) }),
      ]),
      h("button", { type: "button", onClick: () => setMessages([{ id: "u9", role: "user", content: "Only this" }]) }, "Reset"),
    ];
  },
});

test("the quick start built for publishing streams text, runs a tool and shows the state", async () => {
  server = await agentServer(async ({ input, send, end }) => {
    for (const event of weatherTurn(input)) await send(event);
    end();
  });
  const { container, unmount } = render(DistChat, { props: { url: server.url } });
  const box = screen.getByLabelText("Message") as HTMLInputElement;
  await fireEvent.update(box, "Weather?");
  await fireEvent.submit(box.form!);
  await waitFor(() => expect([...container.querySelectorAll("p.assistant")].map((p) => p.textContent)).toEqual(["Let me look that up.", "It is sunny."]), { timeout: 10_000 });
  expect(container.querySelector("p.system")?.textContent).toBe("Be brief.");
  expect(screen.getByLabelText("State").textContent).toBe('{"city":"Oslo","steps":["answered"]}');
  await waitFor(() => expect(screen.getByLabelText("Status").textContent).toBe("idle"));
  const inputs = server.exchanges.map((exchange) => exchange.input);
  expect(inputs).toHaveLength(2);
  expect(inputs[0]!.messages.map((m) => m.content)).toEqual(["Be brief.", "Weather?"]);
  const answer = inputs[1]!.messages.at(-1)!;
  expect(answer).toMatchObject({ role: "tool", toolCallId: "c1" });
  expect(JSON.parse(answer.content as string)).toEqual({ city: "Oslo", sky: "sunny" });

  await fireEvent.click(screen.getByText("Reset"));
  await waitFor(() => expect([...container.querySelectorAll("p")].map((p) => `${p.className}:${p.textContent}`)).toEqual(["user:Only this"]));
  unmount();
});
