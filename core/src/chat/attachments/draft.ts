import { DEV } from "esm-env";
import type { ContentPart, PartSource } from "@ag-ui/core";
import { base64Bytes } from "../../model/messages/attachments.js";
import { MEDIA_PART_TYPES } from "../../protocol/message-shapes.js";
import { checkContentPart, checkMessageInput, invalidMessage } from "../input.js";
import { bytesToBase64 } from "./base64.js";
import { accepts, formatBytes, mimeTypeOf, refusalOf, rejected, type AttachmentLimits } from "./limits.js";

/**
 * What `sendMessage({ files })` takes: a `File` or `Blob` (inlined as base64, or given to the
 * upload hook), a URL (a `data:` URL is inlined; any other is sent as a `url` source, its type
 * guessed from its extension), or a ready AG-UI content part.
 */
export type AttachmentInput = Blob | string | URL | ContentPart;

/** A file still to read or upload: it fills `content[index]`. */
export interface PendingFile {
  readonly index: number;
  readonly blob: Blob;
  readonly name: string | undefined;
  readonly mimeType: string;
  readonly type: MediaKind;
}

/** A user message checked against the limits, its files not read yet. */
export interface Draft {
  readonly id: string;
  /** The message content; the slots of pending files hold `undefined` until they are read. */
  readonly content: string | (ContentPart | undefined)[];
  readonly files: readonly PendingFile[];
}

type MediaKind = "image" | "audio" | "video" | "document";

// As protocol/legacy-content.ts reads a retired binary part; not imported from there, which
// would pull the validator's shape machinery into every chat bundle.
function mediaKindOf(mimeType: string): MediaKind {
  const family = mimeType.slice(0, mimeType.indexOf("/"));
  return family === "image" || family === "audio" || family === "video" ? family : "document";
}
const SOURCES = new Set(["data", "url", "file"]);

/**
 * Checks `sendMessage`'s argument (a string, `{ content }`, or `{ text, files }`) and the limits,
 * synchronously. Throws `ChatInputError`: `INVALID_ARGUMENT` for a malformed argument,
 * `ATTACHMENT_REJECTED` for a file the limits refuse (naming it, its size or type, the limit).
 */
export function draftMessage(input: unknown, createId: () => string, limits: AttachmentLimits): Draft {
  const checked = checkMessageInput(input, createId);
  const { id } = checked;
  if (!("files" in checked)) {
    if (typeof checked.content === "string") return { id, content: checked.content, files: [] };
    const parts = checked.content.map((part: unknown, i) => checkPart(part, `content[${i}]`, limits));
    const media = parts.filter((part) => MEDIA_PART_TYPES.has(part.type)).length;
    if (media > limits.maxFiles) throw rejected("content", DEV ? `(${media} media parts) exceeds the limit of ${limits.maxFiles} files per message` : "");
    return { id, content: parts, files: [] };
  }
  const { text, files } = checked;
  if (files.length === 0) return { id, content: text, files: [] };
  if (files.length > limits.maxFiles) throw rejected("files", DEV ? `(${files.length} files) exceed the limit of ${limits.maxFiles} per message` : "");
  const content: (ContentPart | undefined)[] = text.trim() === "" ? [] : [{ type: "text", text }];
  const pending: PendingFile[] = [];
  files.forEach((file, i) => {
    const where = `files[${i}]`;
    if (isBlob(file)) {
      pending.push(checkBlob(file, content.length, where, limits));
      content.push(undefined);
    } else if (typeof file === "string" || file instanceof URL) content.push(checkPart(urlPart(String(file), where), where, limits));
    else content.push(checkPart(file, where, limits));
  });
  return { id, content, files: pending };
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob === "function" && value instanceof Blob;
}

function checkBlob(blob: Blob, index: number, where: string, limits: AttachmentLimits): PendingFile {
  const name = typeof (blob as Partial<File>).name === "string" && (blob as File).name !== "" ? (blob as File).name : undefined;
  const mimeType = mimeTypeOf(blob);
  const what = DEV ? `${name === undefined ? "" : `'${name}' `}(${mimeType}, ${formatBytes(blob.size)})` : "";
  const refusal = refusalOf(limits, blob.size, mimeType);
  if (refusal === "size") throw rejected(where, DEV ? `${what} is larger than the limit of ${formatBytes(limits.maxFileSize)}` : "");
  if (refusal === "type") throw rejected(where, DEV ? `${what} is not an accepted type (accepted: ${limits.accept.join(", ")})` : "");
  return { index, blob, name, mimeType, type: mediaKindOf(mimeType) };
}

/**
 * A content part, checked: a string `type`; a text part's `text`; a media part's source (`data`
 * with base64 and a MIME type, `url` or `file` with a value), within the limits. Parts of other
 * types pass as they are (the outgoing stage upgrades retired ones).
 */
function checkPart(part: unknown, where: string, limits: AttachmentLimits): ContentPart {
  const typed = checkContentPart(part, where);
  if (!MEDIA_PART_TYPES.has(typed.type)) return typed;
  const source = (typed as { source?: unknown }).source as Partial<PartSource> | undefined;
  if (typeof source !== "object" || source === null || !SOURCES.has(source.type as string) || typeof source.value !== "string" || source.value === "") {
    throw invalidMessage(DEV ? `sendMessage: ${where} (${typed.type}) needs a \`source\` of type data, url or file with a non-empty \`value\`.` : "", where);
  }
  if (source.type === "data" && typeof source.mimeType !== "string") throw invalidMessage(DEV ? `sendMessage: ${where} has a data source without its \`mimeType\`.` : "", where);
  const mimeType = typeof source.mimeType === "string" ? source.mimeType : undefined;
  const filename = (typed as { metadata?: { filename?: unknown } }).metadata?.filename;
  const label = DEV && typeof filename === "string" ? `'${filename}' ` : "";
  if (source.type === "data") {
    const size = base64Bytes(source.value);
    if (size > limits.maxFileSize) throw rejected(where, DEV ? `${label}(${mimeType}, ${formatBytes(size)}) is larger than the limit of ${formatBytes(limits.maxFileSize)}` : "");
  }
  if (mimeType !== undefined && !accepts(limits.accept, mimeType)) {
    throw rejected(where, DEV ? `${label}(${mimeType}) is not an accepted type (accepted: ${limits.accept.join(", ")})` : "");
  }
  return { ...typed, source: { ...source } as PartSource } as ContentPart;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;

/** A URL as a media part: a `data:` URL inline, any other absolute URL by reference. */
function urlPart(value: string, where: string): ContentPart {
  const data = DATA_URL.exec(value);
  if (data !== null) {
    const mimeType = data[1] === "" ? "text/plain" : data[1]!.toLowerCase();
    const base64 = data[2]!.split(";").includes("base64");
    let payload: string;
    try {
      payload = base64 ? data[3]! : bytesToBase64(new TextEncoder().encode(decodeURIComponent(data[3]!)));
    } catch {
      throw invalidMessage(DEV ? `sendMessage: ${where} is a data: URL whose payload cannot be decoded.` : "", where);
    }
    return { type: mediaKindOf(mimeType), source: { type: "data", value: payload, mimeType } };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidMessage(DEV ? `sendMessage: ${where} ('${value.slice(0, 80)}') is not an absolute URL.` : "", where);
  }
  const mimeType = mimeFromPath(url.pathname);
  return { type: mediaKindOf(mimeType ?? ""), source: mimeType === undefined ? { type: "url", value } : { type: "url", value, mimeType } };
}

// The extensions a URL attachment commonly has; anything else is sent without a MIME type.
const EXTENSIONS: Readonly<Record<string, string>> = {
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", avif: "image/avif", svg: "image/svg+xml",
  mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg", m4a: "audio/mp4", flac: "audio/flac",
  mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime",
  pdf: "application/pdf", txt: "text/plain", md: "text/markdown", csv: "text/csv", json: "application/json",
};

function mimeFromPath(pathname: string): string | undefined {
  const dot = pathname.lastIndexOf(".");
  return dot < 0 ? undefined : EXTENSIONS[pathname.slice(dot + 1).toLowerCase()];
}

