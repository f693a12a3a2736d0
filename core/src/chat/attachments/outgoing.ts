import { DEV } from "esm-env";
import type { ContentPart, PartSource } from "@ag-ui/core";
import { describeValue } from "../../describe-value.js";
import type { ThreadlineError } from "../../errors.js";
import type { ThreadImpl } from "../../model/thread.js";
import type { Message } from "../../protocol/events.js";
import { ChatInputError } from "../../tools/errors.js";
import { userMessage, type AttachmentsPlugin, type OutgoingHost, type OutgoingMessages, type OutgoingSkip } from "../outgoing.js";
import type { TurnResult } from "../types.js";
import { previewMediaType, type LocalPreviews } from "../../model/messages/attachments.js";
import { blobToBase64 } from "./base64.js";
import { draftMessage, type Draft, type PendingFile } from "./draft.js";
import { attachmentLimits, mimeTypeOf, refusalOf, type AttachmentLimits, type AttachmentOptions, type FileRefusal, type UploadHook } from "./limits.js";

/** The plug-in `chatAttachments` makes: the chat's option, and its limits for checking files as they are picked. */
export interface ChatAttachments extends AttachmentsPlugin {
  /** The limits in force, defaults applied (`accept` is also what a file input's `accept` wants). */
  readonly limits: AttachmentLimits;
  /**
   * Which limit would refuse `file` at `sendMessage` (`"type"`: not in `accept`; `"size"`: over
   * `maxFileSize`), or undefined when the chat takes it. The same rule as `sendMessage`: check a
   * file when it is picked, dropped or pasted, and say why at once.
   */
  refusal(file: Blob): FileRefusal | undefined;
}

/**
 * Files in `sendMessage({ text, files })` and media parts in `{ content }`: `new ChatClient({ agent,
 * attachments: chatAttachments({ upload, maxFileSize, maxFiles, accept }) })`. The options are
 * checked here (a bad one throws `ChatInputError` `INVALID_OPTION` naming it). A chat without it
 * sends text only, and the app ships none of this.
 */
export function chatAttachments(options?: AttachmentOptions): ChatAttachments {
  const limits = attachmentLimits(options);
  const upload = options?.upload;
  return {
    open: (host) => new FileSender(limits, upload, host),
    limits,
    refusal: (file) => refusalOf(limits, file.size, mimeTypeOf(file)),
  };
}

/**
 * The user messages on their way out, with files. A message with files is checked at once (a refused file
 * throws, nothing is sent), then its files are read (base64) or uploaded — several messages' files
 * at the same time — and the messages are handed to the turns in the order they were sent: a
 * message sent while an earlier one's files are still on their way waits for it, so nothing
 * overtakes. Files get an object URL preview (where `URL.createObjectURL` exists) the moment the
 * message enters the thread; those URLs are revoked on `clear()` and `dispose()`, and at once for
 * a message that is never sent.
 */
class FileSender implements OutgoingMessages {
  readonly #thread: ThreadImpl;
  readonly #createId: () => string;
  readonly #report: (error: ThreadlineError) => void;
  /** Settles once every message sent so far has been handed on (or dropped). */
  #tail: Promise<void> = Promise.resolve();
  #preparing = 0;
  /** Moves on with `cancel`: a message prepared under an older epoch is dropped. */
  #epoch = 0;
  #skip: OutgoingSkip = "stopped";
  #controller = new AbortController();
  /** The object URLs this chat made, by message id. */
  readonly #previews = new Map<string, string[]>();

  readonly #limits: AttachmentLimits;
  readonly #upload: UploadHook | undefined;
  constructor(
    limits: AttachmentLimits,
    upload: UploadHook | undefined,
    host: OutgoingHost,
  ) {
    this.#limits = limits;
    this.#upload = upload;
    this.#thread = host.thread;
    this.#createId = host.createId;
    this.#report = host.report;
  }

  /**
   * Checks `input` (throwing `ChatInputError` synchronously), then hands the message to `deliver`
   * when its files are ready and every message before it went. A message without files, with
   * none before it on the way, is handed on synchronously.
   */
  send(input: unknown, deliver: (message: Message) => Promise<TurnResult>): Promise<TurnResult> {
    const draft = draftMessage(input, this.#createId, this.#limits);
    if (draft.files.length === 0 && this.#preparing === 0) return deliver(userMessage(draft.id, draft.content as Message["content"]));
    const epoch = this.#epoch;
    const urls = this.#makePreviews(draft);
    const built = this.#build(draft, this.#controller.signal);
    this.#preparing++;
    // Settles when the files are ready (or failed) and every earlier message was handed on: this
    // message's turn. `tail` is its first reaction, so the next message goes only after this one.
    const turn = Promise.allSettled([built, this.#tail]).then(([content]) => {
      this.#preparing--;
      return content;
    });
    this.#tail = turn.then(() => undefined);
    return turn.then((content) => this.#handOn(draft.id, epoch, urls, content, deliver));
  }

  /** A message's turn came: it goes, unless cancelled meanwhile or its files failed. */
  #handOn(
    id: string,
    epoch: number,
    urls: (string | undefined)[] | undefined,
    content: PromiseSettledResult<ContentPart[]>,
    deliver: (message: Message) => Promise<TurnResult>,
  ): TurnResult | Promise<TurnResult> {
    if (content.status === "rejected") {
      this.#revoke(id);
      if (epoch !== this.#epoch) return { status: "skipped", reason: this.#skip };
      const error: unknown = content.reason;
      const failure = error instanceof ChatInputError ? error : new ChatInputError("ATTACHMENT_FAILED", DEV ? `sendMessage: a file could not be read (${describeValue(error, "message")}); nothing was sent.` : "", "files");
      this.#report(failure);
      return { status: "failed", error: failure };
    }
    if (epoch !== this.#epoch) {
      this.#revoke(id);
      return { status: "skipped", reason: this.#skip };
    }
    if (urls !== undefined) showPreviews(this.#thread, id, urls);
    return deliver(userMessage(id, content.value));
  }

  /** `stop()`, `clear()`, `dispose()`: uploads are aborted and messages still on their way are dropped. */
  cancel(skip: OutgoingSkip): void {
    if (this.#preparing > 0) {
      this.#epoch++;
      this.#skip = skip;
      this.#controller.abort(new ChatInputError("ATTACHMENT_FAILED", DEV ? `sendMessage: the upload was abandoned (${skip}).` : "", "files"));
      this.#controller = new AbortController();
    }
    if (skip !== "stopped") for (const id of [...this.#previews.keys()]) this.#revoke(id);
  }

  /**
   * An object URL shares the page's origin, so a file that a browser would run as a page (HTML,
   * SVG, XML) must never be one of its own type: an image, audio or video file keeps its type;
   * SVG and other XML media get none (the inline data shows them, from a `data:` URL's opaque
   * origin); any other file is an `application/octet-stream` URL, which a browser downloads.
   */
  #makePreviews(draft: Draft): (string | undefined)[] | undefined {
    if (draft.files.length === 0 || typeof URL.createObjectURL !== "function") return undefined;
    const urls: (string | undefined)[] = [];
    const made: string[] = [];
    for (const file of draft.files) {
      const media = previewMediaType(file.mimeType);
      if (media?.endsWith("xml") === true) continue;
      const url = URL.createObjectURL(media === undefined ? file.blob.slice(0, file.blob.size, "application/octet-stream") : file.blob);
      urls[file.index] = url;
      made.push(url);
    }
    this.#previews.set(draft.id, made);
    return urls;
  }

  #revoke(messageId: string): void {
    const made = this.#previews.get(messageId);
    if (made === undefined) return;
    this.#previews.delete(messageId);
    for (const url of made) URL.revokeObjectURL(url);
    showPreviews(this.#thread, messageId, undefined);
  }

  async #build(draft: Draft, signal: AbortSignal): Promise<ContentPart[]> {
    const content = (draft.content as (ContentPart | undefined)[]).slice();
    await Promise.all(draft.files.map(async (file) => (content[file.index] = await this.#filePart(file, signal))));
    return content as ContentPart[];
  }

  async #filePart(file: PendingFile, signal: AbortSignal): Promise<ContentPart> {
    const metadata = file.name === undefined ? { size: file.blob.size } : { filename: file.name, size: file.blob.size };
    if (this.#upload === undefined) {
      const value = await blobToBase64(file.blob);
      return { type: file.type, source: { type: "data", value, mimeType: file.mimeType }, metadata };
    }
    const label = !DEV ? "" : file.name === undefined ? `a ${file.mimeType} file` : `'${file.name}'`;
    let answer: unknown;
    try {
      answer = await this.#upload(file.blob, { name: file.name, mimeType: file.mimeType, size: file.blob.size, type: file.type, signal });
    } catch (error) {
      throw new ChatInputError("ATTACHMENT_FAILED", DEV ? `sendMessage: uploading ${label} failed (${describeValue(error, "message")}); nothing was sent.` : "", "files");
    }
    return { type: file.type, source: uploadedSource(answer, file, label), metadata };
  }
}

/** The upload hook's answer as a source: a URL string, or a source of its own, the file's type filled in. */
function uploadedSource(answer: unknown, file: PendingFile, label: string): PartSource {
  if (typeof answer === "string" && answer !== "") return { type: "url", value: answer, mimeType: file.mimeType };
  const source = answer as Partial<PartSource> | null;
  if (typeof source === "object" && source !== null && typeof source.value === "string" && source.value !== "" && (source.type === "url" || source.type === "file" || source.type === "data")) {
    return { ...source, mimeType: source.mimeType ?? file.mimeType } as PartSource;
  }
  throw new ChatInputError(
    "ATTACHMENT_FAILED",
    DEV ? `sendMessage: the upload hook returned ${describeValue(answer)} for ${label}, not a URL or a source ({ type: "url" | "file" | "data", value }); nothing was sent.` : "",
    "files",
  );
}

/**
 * Gives user message `messageId` its local previews (object URLs by part index), now or when the
 * message enters the thread (`ThreadImpl.indexNode` hands over what waits); undefined takes them away.
 */
function showPreviews(thread: ThreadImpl, messageId: string, previews: LocalPreviews | undefined): void {
  const node = thread.node(messageId);
  if (node?.role === "user") {
    node.setPreviews(previews);
    thread.waitingPreviews?.delete(messageId);
  } else if (previews !== undefined) (thread.waitingPreviews ??= new Map()).set(messageId, previews);
  else thread.waitingPreviews?.delete(messageId);
}
