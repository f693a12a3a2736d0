// The README's quick start must work as written: its component, against a real AG-UI server.
import { fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, expect, test } from "vitest";
import Quickstart from "./readme/Quickstart.svelte";
import { agentServer, type AgentServer } from "./support/agent-server.js";

let server: AgentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

test("the README quick start sends a message and streams the answer", async () => {
  server = await agentServer(async ({ input, send, end }) => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    for (const delta of ["Hel", "lo ", "the", "re!"]) await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta });
    await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  });
  const { container, unmount } = render(Quickstart, { url: server.url });
  const box = screen.getByLabelText("Message") as HTMLInputElement;
  await fireEvent.input(box, { target: { value: "Hi" } });
  await fireEvent.submit(box.form!);
  await waitFor(() => expect(container.querySelector("p.assistant")?.textContent).toBe("Hello there!"), { timeout: 10_000 });
  expect(container.querySelector("p.user")?.textContent).toBe("Hi");
  expect(box.value).toBe("");
  expect(server.inputs[0]?.messages).toEqual([expect.objectContaining({ role: "user", content: "Hi" })]);
  unmount();
});
