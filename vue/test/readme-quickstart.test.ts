// The README's quick start must work as written: its component, against a real AG-UI server.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fireEvent, render, screen, waitFor } from "@testing-library/vue";
import { afterEach, expect, test } from "vitest";
import Quickstart from "./readme/Quickstart.vue";
import { agentServer, type AgentServer } from "./support/server.js";

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
  const { container, unmount } = render(Quickstart, { props: { url: server.url } });
  const box = screen.getByLabelText("Message") as HTMLInputElement;
  await fireEvent.update(box, "Hi");
  await fireEvent.submit(box.form!);
  // The answer is drawn as markdown, not as the raw `**` and `-` it was written in.
  await waitFor(() => expect(container.querySelectorAll(".assistant li")).toHaveLength(2), { timeout: 10_000 });
  expect(container.querySelector(".assistant strong")?.textContent).toBe("Hello");
  expect(container.querySelector(".assistant")?.textContent).not.toContain("**");
  expect(container.querySelector(".user")?.textContent?.trim()).toBe("Hi");
  expect(box.value).toBe("");
  expect(server.exchanges[0]?.input.messages).toEqual([expect.objectContaining({ role: "user", content: "Hi" })]);
  unmount();
});

test("the component's template is the README's Nuxt page's, to the letter", () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const readme = readFileSync(join(here, "../../README.md"), "utf8");
  const block = /```vue\n<!-- app\/app\.vue -->\n([\s\S]*?)```/.exec(readme)?.[1];
  const template = (source: string): string => source.slice(source.indexOf("<template>"));
  expect(block).toBeDefined();
  expect(template(readFileSync(join(here, "readme/Quickstart.vue"), "utf8"))).toBe(template(block!));
});
