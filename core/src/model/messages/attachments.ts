import type { AudioPart, DocumentPart, ImagePart, PartSource, VideoPart } from "@ag-ui/core";
import { computed, type ReadonlySignal } from "@preact/signals-core";
import { MEDIA_PART_TYPES } from "../../protocol/message-shapes.js";
import type { MessageContent } from "../types.js";

/** A media part of a message: what is not text in a user message or a tool result. */
export type MediaPart = ImagePart | AudioPart | VideoPart | DocumentPart;

/**
 * One media part of a user or tool message, with what a view needs to show it. A new object only
 * when the message's content or its previews change.
 */
export interface Attachment {
  /** The part's position in the message's `content`. */
  readonly index: number;
  readonly type: MediaPart["type"];
  readonly part: MediaPart;
  /** The source's MIME type, when it has one. */
  readonly mimeType: string | undefined;
  /** The file's name, from the part's `metadata.filename` (set by `sendMessage` for named files). */
  readonly name: string | undefined;
  /** Bytes: `metadata.size` when the part carries it, else the decoded size of inline data. */
  readonly size: number | undefined;
  /**
   * A URL an `<img>`, `<audio>`, `<video>` or link can use: the object URL of a file this chat sent
   * (`local`, revoked when the chat is disposed), a `data:` URL of inline bytes, the source's own
   * http(s) URL; undefined for a provider's file handle or a URL of another scheme. A `data:` URL
   * is only ever an image, audio or video type (`previewMediaType`): inline bytes of any other type
   * (`text/html`, say) get none, so no preview can be a page.
   */
  readonly previewUrl: string | undefined;
  /** Where `previewUrl` comes from. */
  readonly preview: "local" | "data" | "url" | "none";
}

/** Local previews of a message, by part index (undefined where a part has none). */
export type LocalPreviews = readonly (string | undefined)[];

const NONE: readonly Attachment[] = Object.freeze([]);
// A url source may come from the agent (a tool result): only schemes safe in src/href are shown
// (a `data:` URL only of a media type, as inline data).
const SHOWABLE_URL = /^(?:https?:|blob:)/i;
const DATA_URL = /^data:([^,;]*)/i;
/** RFC 6838's `type/subtype` (restricted names) of an image, audio or video. */
const MEDIA_TYPE = /^(?:image|audio|video)\/[a-z0-9][\w!#$&^.+-]{0,126}$/;

/**
 * The MIME type a preview may carry: an image, audio or video type of valid grammar, lower-cased
 * and without parameters; undefined for anything else (`text/html`, `image/png"><x`, `image/`).
 */
export function previewMediaType(mimeType: string | undefined): string | undefined {
  const essence = mimeType?.split(";")[0]!.trim().toLowerCase();
  return essence !== undefined && MEDIA_TYPE.test(essence) ? essence : undefined;
}

/** The media parts of `content`, previews applied; one shared empty list when there are none. */
export function attachmentsOf(content: MessageContent | undefined, previews: LocalPreviews | undefined): readonly Attachment[] {
  if (content === undefined || typeof content === "string") return NONE;
  let out: Attachment[] | undefined;
  content.forEach((part, index) => {
    if (!MEDIA_PART_TYPES.has(part.type)) return;
    (out ??= []).push(describe(part as MediaPart, index, previews?.[index]));
  });
  return out === undefined ? NONE : Object.freeze(out);
}

/** A computed list of a node's attachments, following its content and its previews. */
export function attachmentsSignal(content: ReadonlySignal<MessageContent | undefined>, previews?: ReadonlySignal<LocalPreviews | undefined>): ReadonlySignal<readonly Attachment[]> {
  return computed(() => attachmentsOf(content.value, previews?.value));
}

function describe(part: MediaPart, index: number, local: string | undefined): Attachment {
  const source = part.source as PartSource | undefined;
  const metadata = (typeof part.metadata === "object" && part.metadata !== null ? part.metadata : {}) as { filename?: unknown; size?: unknown };
  const mimeType = typeof source?.mimeType === "string" ? source.mimeType : undefined;
  const name = typeof metadata.filename === "string" ? metadata.filename : undefined;
  let size = typeof metadata.size === "number" && Number.isFinite(metadata.size) ? metadata.size : undefined;
  if (size === undefined && source?.type === "data" && typeof source.value === "string") size = base64Bytes(source.value);
  const base = { index, type: part.type, part, mimeType, name, size };
  if (local !== undefined) return { ...base, previewUrl: local, preview: "local" };
  if (source?.type === "data" && typeof source.value === "string") {
    const media = previewMediaType(mimeType);
    // The type is written by this code: the data that follows the comma cannot change it.
    if (media !== undefined) return { ...base, previewUrl: `data:${media};base64,${source.value}`, preview: "data" };
  } else if (source?.type === "url" && typeof source.value === "string" && (SHOWABLE_URL.test(source.value) || previewMediaType(DATA_URL.exec(source.value)?.[1]))) {
    return { ...base, previewUrl: source.value, preview: "url" };
  }
  return { ...base, previewUrl: undefined, preview: "none" };
}

/** Bytes a base64 string decodes to (trailing padding aside), without decoding it. */
export function base64Bytes(value: string): number {
  let length = value.length;
  while (length > 0 && /[=\s]/.test(value[length - 1]!)) length--;
  return Math.floor((length * 3) / 4);
}
