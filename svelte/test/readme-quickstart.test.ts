// The README's quick start must work as written: its component, against a real AG-UI server.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
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
    for (const delta of ["**Hel", "lo** ", "the", "re!\n\n- one\n- t", "wo"]) await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta });
    await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  });
  const { container, unmount } = render(Quickstart, { url: server.url });
  const box = screen.getByLabelText("Message") as HTMLInputElement;
  await fireEvent.input(box, { target: { value: "Hi" } });
  await fireEvent.submit(box.form!);
  // The answer is drawn as markdown, not as the raw `**` and `-` it was written in.
  await waitFor(() => expect(container.querySelectorAll(".assistant li")).toHaveLength(2), { timeout: 10_000 });
  expect(container.querySelector(".assistant strong")?.textContent).toBe("Hello");
  expect(container.querySelector(".assistant")?.textContent).not.toContain("**");
  expect(container.querySelector(".user")?.textContent?.trim()).toBe("Hi");
  expect(box.value).toBe("");
  expect(server.inputs[0]?.messages).toEqual([expect.objectContaining({ role: "user", content: "Hi" })]);
  unmount();
});

test("the component's markup is the README's, to the letter", () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const readme = readFileSync(join(here, "../../README.md"), "utf8");
  const block = /```svelte\n<!-- src\/routes\/\+page\.svelte -->\n([\s\S]*?)```/.exec(readme)?.[1];
  const markup = (source: string): string => source.slice(source.lastIndexOf("</script>"));
  expect(block).toBeDefined();
  expect(markup(readFileSync(join(here, "readme/Quickstart.svelte"), "utf8"))).toBe(markup(block!));
});
