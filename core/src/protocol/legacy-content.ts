// The retired `{ type: "binary" }` content part (AG-UI ≤ 0.0.47), read by the legacy plug-in
// (`legacyProtocol()`). Older producers still put it in replayed messages (MESSAGES_SNAPSHOT,
// RUN_STARTED.input); it becomes the media part its mime type names, so the content survives
// instead of being dropped as an unknown part kind.
import { judgeObject, objectShape, optional, pointer, required, string, UNRECOGNISED, type Check } from "./shape.js";

export interface LegacyBinaryPart {
  type: "binary";
  mimeType: string;
  id?: string;
  url?: string;
  data?: string;
  filename?: string;
}

export type MediaKind = "image" | "audio" | "video" | "document";

export interface UpgradedMediaPart {
  type: MediaKind;
  source: { type: "data" | "url"; value: string; mimeType: string };
  metadata?: { filename: string };
}

export function mediaKindOf(mimeType: string): MediaKind {
  if (mimeType.startsWith("image/")) return "image";
  if (mimeType.startsWith("audio/")) return "audio";
  if (mimeType.startsWith("video/")) return "video";
  return "document";
}

/**
 * The modern media part for a legacy binary part, or `undefined` when it carries only an id
 * (a provider handle with no data or url has no modern spelling).
 */
export function upgradeBinaryPart(part: LegacyBinaryPart): UpgradedMediaPart | undefined {
  const value = part.data || part.url;
  if (!value) return undefined;
  const upgraded: UpgradedMediaPart = {
    type: mediaKindOf(part.mimeType),
    source: { type: part.data ? "data" : "url", value, mimeType: part.mimeType },
  };
  if (part.filename) upgraded.metadata = { filename: part.filename };
  return upgraded;
}

const binaryShape = objectShape("binary part", {
  type: required(string),
  mimeType: required(string),
  id: optional(string),
  url: optional(string),
  data: optional(string),
  filename: optional(string),
});

/**
 * The check of a `binary` part (`ShapeContext.binaryPart`): judged against its retired shape (in
 * every validation mode: the zod schemas do not describe it) and replaced by its upgrade, noted
 * so that a warning says so; one that cannot be upgraded is an unrecognised member and is dropped
 * from the list like any other.
 */
export const legacyBinaryPart: Check = (value, parent, key, ctx) => {
  const path = pointer(parent, key);
  const judging = ctx.judge;
  ctx.judge = true;
  let checked: unknown;
  try {
    checked = judgeObject(value, binaryShape, path, undefined, ctx);
  } finally {
    ctx.judge = judging;
  }
  const upgraded = upgradeBinaryPart(checked as unknown as LegacyBinaryPart);
  if (upgraded === undefined) return UNRECOGNISED;
  ctx.note("legacy-upgrade", path);
  return upgraded;
};
