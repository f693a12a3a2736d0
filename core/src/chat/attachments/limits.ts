import { DEV } from "esm-env";
import type { PartSource } from "@ag-ui/core";
import { ChatInputError } from "../../tools/errors.js";

/** What the upload hook is told about a file besides its bytes. */
export interface UploadInfo {
  /** The file's name (a `File`), else undefined. */
  readonly name: string | undefined;
  readonly mimeType: string;
  readonly size: number;
  /** The part the file becomes. */
  readonly type: "image" | "audio" | "video" | "document";
  /** Aborted when the chat is stopped, cleared or disposed before the message is sent. */
  readonly signal: AbortSignal;
}

/**
 * Puts a file where the agent can reach it and says where: a URL (sent as a `url` source), or any
 * AG-UI source (`{ type: "file", value: "file-abc", provider: "openai" }` for a handle the
 * provider issued). A rejection, or anything else returned, fails the message with
 * `ATTACHMENT_FAILED`.
 */
export type UploadHook = (file: Blob, info: UploadInfo) => Promise<string | PartSource>;

/** The chat's `attachments` option. */
export interface AttachmentOptions {
  /**
   * Uploads files instead of inlining them. Without it a `File` or `Blob` is sent inline, as a
   * base64 `data` source.
   */
  readonly upload?: UploadHook;
  /** The largest file accepted, in bytes (inline data counts its decoded size). Default 10 MiB. */
  readonly maxFileSize?: number;
  /** The most files (media parts) one message may carry. Default 10. */
  readonly maxFiles?: number;
  /**
   * MIME types accepted: exact (`application/pdf`) or a family (`image/*`); `"*\/*"` accepts any.
   * Default: images, audio, video, PDF, plain text, Markdown, CSV and JSON. A part whose type is
   * unknown (a URL without a telling extension, a provider file handle) is not checked.
   */
  readonly accept?: readonly string[];
}

/** The limits in force, defaults applied. */
export interface AttachmentLimits {
  readonly maxFileSize: number;
  readonly maxFiles: number;
  readonly accept: readonly string[];
}

export const DEFAULT_ACCEPT: readonly string[] = Object.freeze([
  "image/*",
  "audio/*",
  "video/*",
  "application/pdf",
  "text/plain",
  "text/markdown",
  "text/csv",
  "application/json",
]);

const MIB = 1024 * 1024;

/** Checks the `attachments` option; throws `ChatInputError` (`INVALID_OPTION`) naming the field at fault. */
export function attachmentLimits(options: AttachmentOptions | undefined): AttachmentLimits {
  if (options === undefined) return { maxFileSize: 10 * MIB, maxFiles: 10, accept: DEFAULT_ACCEPT };
  if (typeof options !== "object" || options === null) throw option("attachments", DEV ? "must be an object" : "");
  const { upload, maxFileSize = 10 * MIB, maxFiles = 10, accept = DEFAULT_ACCEPT } = options;
  if (upload !== undefined && typeof upload !== "function") throw option("attachments.upload", DEV ? "must be a function" : "");
  if (typeof maxFileSize !== "number" || !(maxFileSize > 0)) throw option("attachments.maxFileSize", DEV ? `must be a number of bytes > 0, got ${String(maxFileSize)}` : "");
  if (!Number.isInteger(maxFiles) || maxFiles < 1) throw option("attachments.maxFiles", DEV ? `must be a whole number ≥ 1, got ${String(maxFiles)}` : "");
  if (!Array.isArray(accept) || accept.length === 0 || accept.some((type) => typeof type !== "string" || !/^[\w.+-]+\/(?:\*|[\w.+-]+)$|^\*\/\*$/.test(type))) {
    throw option("attachments.accept", DEV ? "must be a non-empty list of MIME types such as 'image/*' or 'application/pdf'" : "");
  }
  return { maxFileSize, maxFiles, accept: Object.freeze(accept.map((type) => type.toLowerCase())) };
}

/** `problem` is DEV's (`DEV ? "…" : ""` at the call); a production build's message names the field. */
function option(name: string, problem: string): ChatInputError {
  return new ChatInputError("INVALID_OPTION", DEV ? `\`${name}\` ${problem}.` : "", name);
}

/** Which limit refuses a file: its type is not in `accept`, or it is larger than `maxFileSize`. */
export type FileRefusal = "type" | "size";

/**
 * Which limit refuses one file, by its size and MIME type (a `Blob` without one counts as
 * `application/octet-stream`), or undefined when the chat takes it; the count per message is
 * `maxFiles`'s business at `sendMessage`. The rule `sendMessage` applies.
 */
export function refusalOf(limits: AttachmentLimits, size: number, mimeType: string): FileRefusal | undefined {
  if (size > limits.maxFileSize) return "size";
  return accepts(limits.accept, mimeType) ? undefined : "type";
}

/** A `Blob`'s MIME type for the limits: `application/octet-stream` when it has none. */
export function mimeTypeOf(blob: Blob): string {
  return blob.type === "" ? "application/octet-stream" : blob.type;
}

/** Whether `mimeType` (parameters aside) is one `accept` lists. */
export function accepts(accept: readonly string[], mimeType: string): boolean {
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  const family = type.slice(0, type.indexOf("/") + 1);
  return accept.some((entry) => entry === "*/*" || entry === type || (entry.endsWith("/*") && entry.slice(0, -1) === family));
}

/**
 * A file or part the limits refuse: `ATTACHMENT_REJECTED` at `where`. `refusal` (what it is and
 * the limit) is DEV's: callers write `DEV ? "…" : ""`.
 */
export function rejected(where: string, refusal: string): ChatInputError {
  return new ChatInputError("ATTACHMENT_REJECTED", DEV ? `sendMessage: ${where} ${refusal}; nothing was sent.` : "", where);
}

/** `2.4 MiB`, `512 KiB`, `80 bytes`: sizes in messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MIB) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")} KiB`;
  return `${(bytes / MIB).toFixed(1).replace(/\.0$/, "")} MiB`;
}
