import type { ContentPart, RunAgentInput } from "@ag-ui/core";
import { RunIds, runFinished, runStarted, textMessage } from "../events.js";
import type { Scenario } from "../scenario.js";

type MediaPart = Exclude<ContentPart, { type: "text" }>;

/** What the answer says when the newest user message carries no image. */
export const NO_IMAGE = "I see no image in your message. Attach one (the paperclip, a paste or a drop on the composer) and ask again.";

/** The media parts of the newest user message (none when its content is a plain string). */
export function lastUserMedia(input: RunAgentInput): MediaPart[] {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (message?.role !== "user") continue;
    return typeof message.content === "string" ? [] : message.content.filter((part): part is MediaPart => part.type !== "text");
  }
  return [];
}

/** "an image (image/png, 68 bytes) named cat.png": the metadata's name and size, else what the source tells. */
export function describePart(part: MediaPart): string {
  const source = part.source;
  const metadata = (part.metadata ?? {}) as { filename?: unknown; size?: unknown };
  // Without metadata, inline data's size is what its base64 decodes to (counted, not decoded).
  const size = typeof metadata.size === "number" ? metadata.size : source.type === "data" ? Buffer.byteLength(source.value, "base64") : undefined;
  const facts = [
    source.mimeType ?? "type unknown",
    size === undefined ? undefined : `${size} bytes`,
    source.type === "file" ? `file ${source.value}` : undefined,
  ].filter((fact) => fact !== undefined);
  const article = part.type === "image" || part.type === "audio" ? "an" : "a";
  const where = typeof metadata.filename === "string" ? ` named ${metadata.filename}` : source.type === "url" ? ` at ${source.value}` : "";
  return `${article} ${part.type} (${facts.join(", ")})${where}`;
}

/** The answer to the newest user message: each image it carries, or that it carries none. */
export function attachmentAnswer(input: RunAgentInput): string {
  const media = lastUserMedia(input);
  const images = media.filter((part) => part.type === "image");
  const others = media.filter((part) => part.type !== "image").map(describePart);
  const also = others.length === 0 ? "" : ` You also attached ${others.join(" and ")}.`;
  if (images.length === 0) return others.length === 0 ? NO_IMAGE : `${NO_IMAGE} You attached ${others.join(" and ")}.`;
  return `${images.map((part) => `I see ${describePart(part)}.`).join(" ")}${also}`;
}

export const attachment: Scenario = {
  name: "attachment",
  title: "Attached image",
  description: "Attach an image (the paperclip, paste or drop it on the composer) and the agent says what it received: type, size and name.",
  prompt: "What is in this picture?",
  variants: [],
  *run(input) {
    const ids = new RunIds(input.runId);
    yield runStarted(input);
    yield* textMessage(ids.next("msg"), attachmentAnswer(input));
    yield runFinished(input);
  },
};
