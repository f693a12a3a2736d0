import type { Message } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { NO_IMAGE } from "../server/scenarios/attachment.js";
import { makeInput, runScenario, textOf, user } from "./support/http.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

// Eight bytes of a PNG signature: base64 of 8 bytes is 12 characters, no padding.
const PNG_BYTES = "iVBORw0KGgo=";

async function answer(runId: string, messages: Message[]): Promise<string> {
  const events = await runScenario(server.url, "attachment", makeInput({ runId, messages }));
  return textOf(events, `${runId}-msg-1`);
}

test("an image with metadata: its type, the metadata's size and its name", async () => {
  const text = await answer("at-1", [
    {
      id: "u1",
      role: "user",
      content: [
        { type: "text", text: "What is this?" },
        { type: "image", source: { type: "data", value: PNG_BYTES, mimeType: "image/png" }, metadata: { filename: "cat.png", size: 1234 } },
      ],
    },
  ]);
  expect(text).toBe("I see an image (image/png, 1234 bytes) named cat.png.");
});

test("without metadata the size is what the base64 decodes to; a URL image and a document are named by their source", async () => {
  const text = await answer("at-2", [
    {
      id: "u1",
      role: "user",
      content: [
        { type: "image", source: { type: "data", value: PNG_BYTES, mimeType: "image/png" } },
        { type: "image", source: { type: "url", value: "https://example.test/dog.jpg" } },
        { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" } },
      ],
    },
  ]);
  expect(text).toBe(
    "I see an image (image/png, 8 bytes). I see an image (type unknown) at https://example.test/dog.jpg. You also attached a document (application/pdf, 5 bytes).",
  );
});

test("only the newest user message counts; text alone gets the no-image answer", async () => {
  const earlier: Message = { id: "u1", role: "user", content: [{ type: "image", source: { type: "data", value: PNG_BYTES, mimeType: "image/png" } }] };
  expect(await answer("at-3", [earlier, { id: "a1", role: "assistant", content: "ok" }, user("u2", "And now?")])).toBe(NO_IMAGE);
  const doc: Message = { id: "u3", role: "user", content: [{ type: "document", source: { type: "file", value: "file-abc" } }] };
  expect(await answer("at-4", [doc])).toBe(`${NO_IMAGE} You attached a document (type unknown, file file-abc).`);
});
