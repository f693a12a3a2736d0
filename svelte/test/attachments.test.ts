// Attachments in the Svelte binding: a real component picks files through an <input type=file>,
// sends them with a real ChatClient, and shows them from `useAttachments` (local previews, then
// the inline data once the chat is gone), tool results' images too; a refused file sends nothing.
import { fireEvent, render, screen } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { get } from "svelte/store";
import { describe, expect, test } from "vitest";
import { chatAttachments, type Message } from "@threadline/core";

type ContentPart = Exclude<Extract<Message, { role: "user" }>["content"], string>[number];
import AttachmentsApp from "./components/AttachmentsApp.svelte";
import { useAttachments, type UseChatReturn as Chat } from "../src/index.js";
import { scriptedAgent, type ScriptedAgent } from "./support/scripted-agent.js";

function mount(agent: ScriptedAgent, attachments?: { maxFileSize: number }): Chat {
  let n = 0;
  let chat: Chat | undefined;
  render(AttachmentsApp, {
    options: { agent, threadId: "t1", presence: false, createId: () => `id-${++n}`, onWarning: () => {}, attachments: chatAttachments(attachments) },
    onchat: (c: Chat) => (chat = c),
  });
  if (chat === undefined) throw new Error("AttachmentsApp did not report its chat");
  return chat;
}

async function pick(files: File[]): Promise<void> {
  const input = screen.getByTestId("file") as HTMLInputElement;
  Object.defineProperty(input, "files", { value: files, configurable: true });
  await fireEvent.change(input);
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "cat.png", { type: "image/png" });

describe("useAttachments", () => {
  test("a picked image is sent as a data part and shown from its local preview, then from its data", async () => {
    const agent = scriptedAgent();
    const chat = mount(agent);
    await pick([png(), new File(["a,b"], "rows.csv", { type: "text/csv" })]);
    const run = await agent.nextRun();
    const content = run.input.messages[0]!.content as ContentPart[];
    expect(content.map((part) => part.type)).toEqual(["text", "image", "document"]);
    expect(content[1]).toMatchObject({ source: { type: "data", mimeType: "image/png", value: btoa("\x89PNG") } });
    flushSync();
    const image = screen.getByRole("img", { name: "cat.png" }) as HTMLImageElement;
    expect(image.dataset.preview).toBe("local");
    expect(image.src).toMatch(/^blob:/);
    expect(screen.getByTestId("chip").textContent).toBe("rows.csv (text/csv)");
    run.started();
    run.finished();
    chat.dispose();
    flushSync();
    expect(screen.getByRole("img", { name: "cat.png" }).dataset.preview).toBe("data");
  });

  test("a refused file sends nothing and the app shows why", async () => {
    const agent = scriptedAgent();
    mount(agent, { maxFileSize: 2 });
    await pick([png()]);
    flushSync();
    expect(screen.getByTestId("problem").textContent).toMatch(/'cat\.png' \(image\/png, 4 bytes\) is larger than the limit of 2 bytes/);
    expect(agent.runs).toHaveLength(0);
  });

  test("a tool result's image parts show; messages of other roles have none", async () => {
    const agent = scriptedAgent();
    const chat = mount(agent);
    void chat.sendMessage("chart");
    const run = await agent.nextRun();
    run.started();
    run.push(
      { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "chart" },
      { type: "TOOL_CALL_END", toolCallId: "tc" },
      { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "tc", content: [{ type: "image", source: { type: "url", value: "https://charts.test/q3.png" } }] },
    );
    flushSync();
    expect((screen.getByRole("img", { name: "image" }) as HTMLImageElement).src).toBe("https://charts.test/q3.png");
    const assistant = chat.messages.find((node) => node.role === "assistant")!;
    expect(get(useAttachments(assistant))).toEqual([]);
    run.finished();
  });
});
