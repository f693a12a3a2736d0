// The README's quick start must work as written: its component, against a real AG-UI server.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fireEvent, render, screen, waitFor } from "@testing-library/vue";
import { afterEach, expect, test } from "vitest";
import { memoryStorage } from "@threadline/core";
import { heldAnswer, page, quickStartRoute } from "../../core/test/server/page.js";
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

test("reloaded mid-answer, the quick start shows the question and the whole answer, asked once", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const words = Array.from({ length: 12 }, (_, i) => `word${i} `);
  server = await agentServer(heldAnswer(words, held));
  const route = await quickStartRoute(server.url);
  const url = route.url;
  const adapter = memoryStorage();
  // The first page goes away as a reload takes it: its connections cut, its storage writes and
  // requests stopped at once (no last save, no stop sent: a reload runs no cleanup).
  const before = page(adapter);
  try {
    const first = render(Quickstart, { props: { url, resumable: true, adapter: before.storage, fetch: before.fetch } });
    const box = screen.getByLabelText("Message") as HTMLInputElement;
    await fireEvent.update(box, "Plan my trip");
    await fireEvent.submit(box.form!);
    await waitFor(() => expect(first.container.querySelector(".assistant")?.textContent).toContain("word3"), { timeout: 10_000 });
    before.leave(); // the reload

    const again = render(Quickstart, { props: { url, resumable: true, adapter } });
    await waitFor(() => expect(again.container.querySelector(".user")?.textContent?.trim()).toBe("Plan my trip"), { timeout: 10_000 });
    release();
    await waitFor(() => expect(again.container.querySelector(".assistant")?.textContent?.trim()).toBe(words.join("").trim()), { timeout: 10_000 });
    expect(server.exchanges).toHaveLength(1);
    again.unmount();
    first.unmount();
  } finally {
    release();
    await route.close();
  }
});
