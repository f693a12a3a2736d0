// Files in user messages: sendMessage({ text, files }) over a real AG-UI server (the request body
// carries the parts), base64 inlining, the upload hook, limits and their typed errors, order,
// stop, object-URL previews and their revocation, and tool results made of content parts.
import { resolveObjectURL } from "node:buffer";
import type { ContentPart, ToolMessage } from "@ag-ui/core";
import { describe, expect, it, vi } from "vitest";
import { ChatInputError, chatAttachments, type ThreadlineError, type ToolMessageNode, type UserMessageNode } from "../../src/index.js";
import { attachmentsOf } from "../../src/model/messages/attachments.js";
import { outputContent } from "../../src/tools/definition.js";
import { answer, chatFor, gate, manualSource, runFinished, runStarted, scriptedServer, toolCall, toolResults, until } from "./support.js";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff]);
const png = (name = "cat.png", bytes: Uint8Array<ArrayBuffer> = PNG) => new File([bytes], name, { type: "image/png" });
const decoded = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));
const userNode = (chat: ReturnType<typeof chatFor>, id: string) => chat.thread.message(id) as UserMessageNode;

describe("sendMessage({ text, files })", () => {
  it("inlines a File as a base64 data source after the text part: the request body carries the parts", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "a1", "a cat")));
    const chat = chatFor(server.url, { attachments: chatAttachments() });
    const result = await chat.sendMessage({ id: "u1", text: "what is this?", files: [png()] });
    expect(result).toEqual({ status: "idle" });
    const sent = server.inputs[0]!.messages[0]!;
    expect(sent).toMatchObject({ id: "u1", role: "user" });
    const content = sent.content as ContentPart[];
    expect(content[0]).toEqual({ type: "text", text: "what is this?" });
    expect(content[1]).toMatchObject({ type: "image", source: { type: "data", mimeType: "image/png" }, metadata: { filename: "cat.png", size: PNG.length } });
    expect(decoded((content[1] as { source: { value: string } }).source.value)).toEqual(PNG);
    // The thread holds the same parts, and the node shows the image.
    expect(userNode(chat, "u1").content.value).toEqual(content);
    const [attachment] = userNode(chat, "u1").attachments.value;
    expect(attachment).toMatchObject({ index: 1, type: "image", mimeType: "image/png", name: "cat.png", size: PNG.length });
  });

  it("sends files without text, blobs without names, URLs by reference and data: URLs inline, and ready parts as they are", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "a1", "ok")));
    const chat = chatFor(server.url, { attachments: chatAttachments() });
    const ready: ContentPart = { type: "document", source: { type: "file", value: "file-abc", provider: "openai" } };
    await chat.sendMessage({
      files: [new Blob(["hello"], { type: "text/plain" }), "https://cdn.test/photos/dog.JPG", new URL("https://cdn.test/talk"), "data:text/plain;base64,aGk=", "data:,a%20b", ready],
    });
    const content = server.inputs[0]!.messages[0]!.content as ContentPart[];
    expect(content).toEqual([
      { type: "document", source: { type: "data", value: btoa("hello"), mimeType: "text/plain" }, metadata: { size: 5 } },
      { type: "image", source: { type: "url", value: "https://cdn.test/photos/dog.JPG", mimeType: "image/jpeg" } },
      { type: "document", source: { type: "url", value: "https://cdn.test/talk" } },
      { type: "document", source: { type: "data", value: "aGk=", mimeType: "text/plain" } },
      { type: "document", source: { type: "data", value: btoa("a b"), mimeType: "text/plain" } },
      ready,
    ]);
  });

  it("text alone stays a plain string; an empty message or a malformed file is INVALID_ARGUMENT", () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source, { attachments: chatAttachments() });
    void chat.sendMessage({ text: "plain" });
    expect(runs[0]!.input.messages[0]!.content).toBe("plain");
    for (const bad of [{ text: " " }, { files: [] }, { text: "x", files: "nope" }, { files: [42] }, { files: ["not a url"] }, { files: [{ type: "image" }] }, { content: "x", text: "y" }]) {
      expect(() => chat.sendMessage(bad as never), JSON.stringify(bad)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    }
    expect(runs).toHaveLength(1);
  });
});

describe("limits", () => {
  it("refuses a file over maxFileSize with ATTACHMENT_REJECTED naming it, its size and the limit; nothing is sent or lost", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, `a${input.messages.length}`, "ok")));
    const chat = chatFor(server.url, { attachments: chatAttachments({ maxFileSize: 8 }) });
    await chat.sendMessage("first");
    const before = chat.thread.toMessages();
    let error: unknown;
    try {
      void chat.sendMessage({ text: "look", files: [png("big.png")] });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ChatInputError);
    expect(error).toMatchObject({ code: "ATTACHMENT_REJECTED", option: "files[0]" });
    expect((error as Error).message).toMatch(/files\[0\] 'big\.png' \(image\/png, 13 bytes\) is larger than the limit of 8 bytes/);
    expect(chat.thread.toMessages()).toEqual(before);
    expect(server.inputs).toHaveLength(1);
    // The chat goes on.
    await chat.sendMessage("second");
    expect(server.inputs).toHaveLength(2);
  });

  it("refuses types `accept` does not list, too many files, and oversized inline data in ready parts", () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source, { attachments: chatAttachments({ accept: ["image/*"], maxFiles: 2, maxFileSize: 4 }) });
    expect(() => chat.sendMessage({ files: [new File(["%PDF"], "a.pdf", { type: "application/pdf" })] })).toThrow(
      /files\[0\] 'a\.pdf' \(application\/pdf, 4 bytes\) is not an accepted type \(accepted: image\/\*\)/,
    );
    expect(() => chat.sendMessage({ files: ["https://x.test/a.mp3"] })).toThrow(expect.objectContaining({ code: "ATTACHMENT_REJECTED", option: "files[0]" }));
    expect(() => chat.sendMessage({ files: ["https://x/1.png", "https://x/2.png", "https://x/3.png"] })).toThrow(/3 files\) exceed the limit of 2 per message/);
    expect(() => chat.sendMessage({ content: [{ type: "image", source: { type: "data", value: "AAAAAAAA", mimeType: "image/png" } }] })).toThrow(
      expect.objectContaining({ code: "ATTACHMENT_REJECTED", option: "content[0]" }),
    );
    expect(runs).toHaveLength(0);
  });

  it("the plug-in answers which limit refuses a file before it is sent, by the rule sendMessage applies", () => {
    const plugin = chatAttachments({ accept: ["image/*", "application/pdf"], maxFileSize: 8 });
    expect(plugin.limits).toEqual({ accept: ["image/*", "application/pdf"], maxFileSize: 8, maxFiles: 10 });
    expect(plugin.refusal(png("c.png", new Uint8Array(8)))).toBeUndefined();
    expect(plugin.refusal(new File(["PK\u0003\u0004"], "notes.zip", { type: "application/zip" }))).toBe("type");
    expect(plugin.refusal(new Blob(["?"]))).toBe("type"); // no type: application/octet-stream
    expect(plugin.refusal(new File([new Uint8Array(9)], "big.pdf", { type: "application/pdf" }))).toBe("size");
    // The defaults: the documented accept list, 10 MiB.
    const defaults = chatAttachments();
    expect(defaults.limits.accept).toEqual(["image/*", "audio/*", "video/*", "application/pdf", "text/plain", "text/markdown", "text/csv", "application/json"]);
    expect(defaults.refusal(new File(["PK"], "notes.zip", { type: "application/zip" }))).toBe("type");
    expect(defaults.refusal(new File(["# hi"], "notes.md", { type: "text/markdown; charset=utf-8" }))).toBeUndefined();
    // What refusal() refuses, sendMessage refuses.
    const chat = chatFor(manualSource().source, { attachments: plugin });
    expect(() => chat.sendMessage({ files: [new File(["PK"], "notes.zip", { type: "application/zip" })] })).toThrow(expect.objectContaining({ code: "ATTACHMENT_REJECTED" }));
  });

  it("checks the attachments option itself (INVALID_OPTION)", () => {
    const { source } = manualSource();
    expect(() => chatFor(source, { attachments: chatAttachments({ maxFileSize: 0 }) })).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "attachments.maxFileSize" }));
    expect(() => chatFor(source, { attachments: chatAttachments({ accept: ["images"] }) })).toThrow(expect.objectContaining({ option: "attachments.accept" }));
    expect(() => chatFor(source, { attachments: chatAttachments({ upload: "s3" as never }) })).toThrow(expect.objectContaining({ option: "attachments.upload" }));
  });

  it("the options object itself, without chatAttachments(), is refused naming the option", () => {
    const { source } = manualSource();
    expect(() => chatFor(source, { attachments: { maxFileSize: 8 } as never })).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "attachments" }));
  });
});

describe("without the attachments plug-in", () => {
  it("text and text parts are sent; files and media parts throw PLUGIN_MISSING naming the plug-in, and nothing is sent", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    const file = new File(["hi"], "note.txt", { type: "text/plain" });
    const image = { type: "image", source: { type: "url", value: "https://x.test/a.png" } } as ContentPart;
    for (const input of [{ text: "see", files: [file] }, { content: [{ type: "text", text: "see" }, image] }]) {
      let thrown: unknown;
      try {
        void chat.sendMessage(input as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ChatInputError);
      expect(thrown).toMatchObject({ code: "PLUGIN_MISSING", option: "attachments", message: expect.stringContaining("chatAttachments()") });
    }
    expect(runs).toHaveLength(0);
    expect(chat.thread.messages.value).toHaveLength(0);
    void chat.sendMessage({ content: [{ type: "text", text: "plain" }], id: "u1" });
    await until(() => runs.length === 1);
    expect(runs[0]!.input.messages).toMatchObject([{ id: "u1", role: "user", content: [{ type: "text", text: "plain" }] }]);
    void chat.sendMessage({ text: "no files", files: [] });
    expect(() => chat.sendMessage({ content: [{ text: "no type" }] } as never)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });
});

describe("the upload hook", () => {
  it("sends what it answers: a URL as a url source, a source as given (the file's type filled in)", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, `a${input.messages.length}`, "ok")));
    const seen: unknown[] = [];
    const upload = vi.fn(async (file: Blob, info: { name: string | undefined; mimeType: string; size: number; type: string }) => {
      seen.push({ bytes: file.size, name: info.name, mimeType: info.mimeType, size: info.size, type: info.type });
      return info.name === "cat.png" ? `https://files.test/${info.name}` : { type: "file" as const, value: "file-9", provider: "openai" };
    });
    const chat = chatFor(server.url, { attachments: chatAttachments({ upload }) });
    await chat.sendMessage({ text: "two", files: [png(), new File(["x"], "notes.txt", { type: "text/plain" })] });
    expect(seen).toEqual([
      { bytes: PNG.length, name: "cat.png", mimeType: "image/png", size: PNG.length, type: "image" },
      { bytes: 1, name: "notes.txt", mimeType: "text/plain", size: 1, type: "document" },
    ]);
    expect((server.inputs[0]!.messages[0]!.content as ContentPart[]).slice(1)).toEqual([
      { type: "image", source: { type: "url", value: "https://files.test/cat.png", mimeType: "image/png" }, metadata: { filename: "cat.png", size: PNG.length } },
      { type: "document", source: { type: "file", value: "file-9", provider: "openai", mimeType: "text/plain" }, metadata: { filename: "notes.txt", size: 1 } },
    ]);
  });

  it("a failed upload resolves { status: 'failed' } with ATTACHMENT_FAILED, reports it, and sends nothing", async () => {
    const { source, runs } = manualSource();
    const errors: ThreadlineError[] = [];
    const chat = chatFor(source, { onError: (error) => errors.push(error), attachments: chatAttachments({ upload: async () => Promise.reject(new Error("bucket is full")) }) });
    const result = await chat.sendMessage({ text: "hi", files: [png()] });
    expect(result).toMatchObject({ status: "failed", error: { code: "ATTACHMENT_FAILED" } });
    expect((result as { error: Error }).error.message).toMatch(/uploading 'cat\.png' failed \(bucket is full\); nothing was sent/);
    expect(errors.map((e) => e.code)).toEqual(["ATTACHMENT_FAILED"]);
    expect(runs).toHaveLength(0);
    expect(chat.thread.messages.value).toHaveLength(0);

    const odd = chatFor(source, { onError: () => {}, attachments: chatAttachments({ upload: async () => 42 as never }) });
    const answered = await odd.sendMessage({ files: [png()] });
    expect((answered as { error: Error }).error.message).toMatch(/the upload hook returned .*42.* not a URL or a source/);
  });

  it("keeps messages in the order they were sent while a file uploads, and stop() abandons the upload", async () => {
    const { source, runs } = manualSource();
    const uploaded = gate<string>();
    let signal: AbortSignal | undefined;
    const chat = chatFor(source, { attachments: chatAttachments({ upload: (_file, info) => ((signal = info.signal), uploaded.promise) }) });
    const first = chat.sendMessage({ id: "u1", text: "photo", files: [png()] });
    const second = chat.sendMessage({ id: "u2", content: "after it" });
    await Promise.resolve();
    expect(runs).toHaveLength(0);
    uploaded.open("https://files.test/cat.png");
    await until(() => runs.length === 1);
    expect(runs[0]!.input.messages.map((m) => m.id)).toEqual(["u1"]);
    runs[0]!.emit(runStarted(runs[0]!.input), runFinished(runs[0]!.input));
    runs[0]!.end();
    await until(() => runs.length === 2);
    expect(runs[1]!.input.messages.map((m) => m.id)).toEqual(["u1", "u2"]);
    runs[1]!.emit(runStarted(runs[1]!.input), runFinished(runs[1]!.input));
    runs[1]!.end();
    expect(await first).toEqual({ status: "idle" });
    expect(await second).toEqual({ status: "idle" });

    const stalled = gate<string>();
    const stopping = chatFor(source, { attachments: chatAttachments({ upload: (_file, info) => ((signal = info.signal), stalled.promise) }) });
    const pending = stopping.sendMessage({ text: "never", files: [png()] });
    stopping.stop();
    expect(signal?.aborted).toBe(true);
    stalled.open("https://late.test/x.png");
    expect(await pending).toEqual({ status: "skipped", reason: "stopped" });
    expect(stopping.thread.messages.value).toHaveLength(0);
    expect(runs).toHaveLength(2);
  });
});

describe("previews", () => {
  it("a local file shows by its object URL until the chat is disposed, then by its inline data", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "a1", "ok")));
    const chat = chatFor(server.url, { attachments: chatAttachments() });
    await chat.sendMessage({ id: "u1", text: "look", files: [png()] });
    const node = userNode(chat, "u1");
    const [local] = node.attachments.value;
    expect(local).toMatchObject({ preview: "local" });
    expect(local!.previewUrl).toMatch(/^blob:/);
    expect(resolveObjectURL(local!.previewUrl!)).toBeDefined();
    chat.dispose();
    expect(resolveObjectURL(local!.previewUrl!)).toBeUndefined();
    const [after] = node.attachments.value;
    expect(after).toMatchObject({ preview: "data" });
    expect(after!.previewUrl).toMatch(/^data:image\/png;base64,/);
  });

  it("clear() revokes them too, and a message never sent revokes its own at once", async () => {
    const { source } = manualSource();
    const made: string[] = [];
    const revoked: string[] = [];
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation(() => {
      made.push(`blob:test/${made.length}`);
      return made[made.length - 1]!;
    });
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation((url) => void revoked.push(url));
    try {
      const chat = chatFor(source, { onError: () => {}, attachments: chatAttachments({ upload: async () => Promise.reject(new Error("offline")) }) });
      await chat.sendMessage({ files: [png()] });
      expect(revoked).toEqual(["blob:test/0"]);
      const inline = chatFor(source, { attachments: chatAttachments() });
      void inline.sendMessage({ files: [png()] });
      await until(() => inline.thread.messages.value.length === 1);
      inline.clear();
      expect(revoked).toEqual(["blob:test/0", "blob:test/1"]);
    } finally {
      create.mockRestore();
      revoke.mockRestore();
    }
  });

  it("a data: preview is only ever an image, audio or video type of valid grammar: never a page", () => {
    const data = (mimeType: string, value = "aGk="): ContentPart => ({ type: "image", source: { type: "data", value, mimeType } }) as ContentPart;
    const url = (value: string): ContentPart => ({ type: "image", source: { type: "url", value } }) as ContentPart;
    const content: ContentPart[] = [
      data("image/png"),
      data("audio/ogg; codecs=opus"),
      data("VIDEO/MP4"),
      data("image/svg+xml"),
      data("text/html"),
      data("application/xhtml+xml"),
      data('image/png"><script>alert(1)</script>'),
      data("image/"),
      data("image/png;base64,PHNjcmlwdD4=,x"),
      url("data:image/gif;base64,R0lGOD"),
      url("data:text/html,<script>alert(1)</script>"),
      url("DATA:text/html;base64,PHNjcmlwdD4="),
      url("data:image/svg+xml;charset=utf-8,%3Csvg%3E"),
    ];
    const previews = attachmentsOf(content, undefined).map((a) => a.previewUrl);
    expect(previews).toEqual([
      "data:image/png;base64,aGk=",
      "data:audio/ogg;base64,aGk=",
      "data:video/mp4;base64,aGk=",
      "data:image/svg+xml;base64,aGk=",
      undefined,
      undefined,
      undefined,
      undefined,
      "data:image/png;base64,aGk=",
      "data:image/gif;base64,R0lGOD",
      undefined,
      undefined,
      "data:image/svg+xml;charset=utf-8,%3Csvg%3E",
    ]);
    expect(attachmentsOf([data("text/html")], undefined)[0]).toMatchObject({ preview: "none", mimeType: "text/html" });
  });

  it("a local preview of a file a browser would run as a page is never of its own type", async () => {
    const { source } = manualSource();
    const chat = chatFor(source, { attachments: chatAttachments({ accept: ["*/*"] }) });
    const files = [png(), new File(["<script>alert(1)</script>"], "page.html", { type: "text/html" }), new File(["<svg onload=alert(1)/>"], "logo.svg", { type: "image/svg+xml" })];
    void chat.sendMessage({ id: "u1", files });
    await until(() => chat.thread.messages.value.length === 1);
    const [image, page, svg] = userNode(chat, "u1").attachments.value;
    expect(image).toMatchObject({ preview: "local" });
    expect(resolveObjectURL(image!.previewUrl!)!.type).toBe("image/png");
    // The HTML file is a download, not a page of this origin.
    expect(page).toMatchObject({ preview: "local" });
    expect(resolveObjectURL(page!.previewUrl!)!.type).toBe("application/octet-stream");
    // SVG shows from its inline data (a data: URL's origin is opaque), not from an object URL.
    expect(svg).toMatchObject({ preview: "data" });
    expect(svg!.previewUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    chat.dispose();
  });

  it("without URL.createObjectURL (a server runtime) files are sent with no local preview", async () => {
    const { source, runs } = manualSource();
    const original = URL.createObjectURL;
    Object.defineProperty(URL, "createObjectURL", { value: undefined, configurable: true, writable: true });
    try {
      const chat = chatFor(source, { attachments: chatAttachments() });
      void chat.sendMessage({ id: "u1", files: [png()] });
      await until(() => runs.length === 1);
      expect(userNode(chat, "u1").attachments.value[0]).toMatchObject({ preview: "data" });
    } finally {
      Object.defineProperty(URL, "createObjectURL", { value: original, configurable: true, writable: true });
    }
  });
});

describe("tool results made of content parts", () => {
  const image: ContentPart = { type: "image", source: { type: "url", value: "https://charts.test/q3.png", mimeType: "image/png" } };

  it("a client tool's ContentPart[] output stays parts in the thread and in the next request", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc1", "chart", {}), runFinished(input));
      else await send(...answer(input, "a2", "here it is"));
    });
    const chat = chatFor(server.url, { tools: [{ name: "chart", execute: () => [{ type: "text", text: "Q3" }, image] }] });
    await chat.sendMessage("chart please");
    await until(() => server.inputs.length === 2);
    const [result] = toolResults(server.inputs[1]!) as ToolMessage[];
    expect(result!.content).toEqual([{ type: "text", text: "Q3" }, image]);
    const node = chat.thread.toolCall("tc1")!.result.value as ToolMessageNode;
    expect(node.content.value).toEqual([{ type: "text", text: "Q3" }, image]);
    expect(node.attachments.value).toMatchObject([{ index: 1, type: "image", previewUrl: "https://charts.test/q3.png", preview: "url" }]);
  });

  it("an output stays parts only when the protocol's content check takes every part; anything else is its JSON", () => {
    const extra = { type: "text", text: "Q3", note: "kept" };
    expect(outputContent([extra, image])).toEqual([extra, image]);
    expect(Object.isFrozen(outputContent([extra, image]))).toBe(true);
    const malformed = [
      [{ type: "text", text: 3 }],
      [{ type: "text", text: "Q3", id: 5 }],
      [{ type: "image", source: { type: "data", value: "AAAA" } }],
      [{ type: "image", source: { type: "s3", value: "bucket/key" } }],
      [{ type: "text", text: "Q3" }, { type: "hologram", data: "x" }],
      [],
    ];
    for (const output of malformed) expect(outputContent(output)).toBe(JSON.stringify(output));
  });

  it("TOOL_CALL_RESULT with parts folds as parts; an unsafe URL gets no preview", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    void chat.sendMessage("go");
    const run = runs[0]!;
    run.emit(runStarted(run.input), ...toolCall("tc1", "server_tool", {}));
    run.emit({ type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "tc1", content: [image, { type: "image", source: { type: "url", value: "javascript:alert(1)" } }] });
    const node = chat.thread.message("r1") as ToolMessageNode;
    expect(node.content.value).toEqual([image, { type: "image", source: { type: "url", value: "javascript:alert(1)" } }]);
    expect(node.attachments.value.map((a) => a.preview)).toEqual(["url", "none"]);
    run.emit(runFinished(run.input));
    run.end();
  });
});
