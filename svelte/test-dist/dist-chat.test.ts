// The Svelte quick start on the built packages (svelte/dist over core/dist, internal names
// shortened): streamed text, a client tool call answered in a second request, a state snapshot,
// initial messages and setMessages, rendered with Testing Library against a real AG-UI server.
import { fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, expect, test } from "vitest";
import DistChat from "./DistChat.svelte";
import { agentServer, type AgentServer } from "../test/support/agent-server.js";
import { weatherTurn } from "../../core/test/support/weather-turns.js";

let server: AgentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

test("the quick start built for publishing streams text, runs a tool and shows the state", async () => {
  server = await agentServer(async ({ input, send, end }) => {
    for (const event of weatherTurn(input)) await send(event);
    end();
  });
  const { container, unmount } = render(DistChat, { url: server.url });
  const box = screen.getByLabelText("Message") as HTMLInputElement;
  await fireEvent.input(box, { target: { value: "Weather?" } });
  await fireEvent.submit(box.form!);
  await waitFor(() => expect([...container.querySelectorAll("p.assistant")].map((p) => p.textContent)).toEqual(["Let me look that up.", "It is sunny."]), { timeout: 10_000 });
  expect(container.querySelector("p.system")?.textContent).toBe("Be brief.");
  expect(screen.getByLabelText("State").textContent).toBe('{"city":"Oslo","steps":["answered"]}');
  await waitFor(() => expect(screen.getByLabelText("Status").textContent).toBe("idle"));
  expect(server.inputs).toHaveLength(2);
  const answer = server.inputs[1]!.messages.at(-1)!;
  expect(answer).toMatchObject({ role: "tool", toolCallId: "c1" });
  expect(JSON.parse(answer.content as string)).toEqual({ city: "Oslo", sky: "sunny" });

  await fireEvent.click(screen.getByText("Reset"));
  await waitFor(() => expect([...container.querySelectorAll("p")].map((p) => `${p.className}:${p.textContent}`)).toEqual(["user:Only this"]));
  unmount();
});
