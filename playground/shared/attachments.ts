// What the composers of both apps share about files: the files picked, pasted or dropped before
// they are sent (with a thumbnail for images), their labels, and sending them with the text. A
// file the chat's attachments plug-in refuses (its type or size) is refused as it is picked, with
// the reason beside the composer; the chat checks again when the message is sent, and a refusal
// then comes back as those words too, and nothing is sent or cleared.
import { ChatInputError, type Attachment, type MessageInput, type TurnResult, type chatAttachments } from "@threadline/core";
import type { TrackTurn } from "./settled-turns.js";

/** A file in the composer, not sent yet. */
export interface DraftFile {
  readonly id: number;
  readonly file: File;
  /** An object URL for an image's thumbnail; revoked by `releaseDraft`. */
  readonly previewUrl: string | undefined;
}

/** How a composer hands its message to the chat panel: undefined when it went, else why a file was refused. */
export type SendComposed = (text: string, files: readonly File[]) => string | undefined;

let drafted = 0;

export function draftFile(file: File): DraftFile {
  return { id: ++drafted, file, previewUrl: file.type.startsWith("image/") ? URL.createObjectURL(file) : undefined };
}

export function releaseDraft(draft: DraftFile): void {
  if (draft.previewUrl !== undefined) URL.revokeObjectURL(draft.previewUrl);
}

/** The images a paste carries; a paste of text has none and stays an ordinary paste. */
function pastedImages(event: ClipboardEvent): File[] {
  return [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith("image/"));
}

/** Whether a drag carries files (so the composer takes the drop), not text or a link. */
function dragsFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes("Files") ?? false;
}

/**
 * The composer's paste, drag and drop handlers: pasted images and dropped files go to `attach`;
 * `dragging` says when files are held over it (to highlight it).
 */
export function fileDropTarget(attach: (files: File[]) => void, dragging: (over: boolean) => void) {
  return {
    paste(event: ClipboardEvent): void {
      const images = pastedImages(event);
      if (images.length === 0) return;
      event.preventDefault();
      attach(images);
    },
    dragover(event: DragEvent): void {
      if (!dragsFiles(event)) return;
      event.preventDefault();
      dragging(true);
    },
    dragleave(): void {
      dragging(false);
    },
    drop(event: DragEvent): void {
      dragging(false);
      if (!dragsFiles(event)) return;
      event.preventDefault();
      attach([...(event.dataTransfer?.files ?? [])]);
    },
  };
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Says why a file cannot go with the message (undefined when it can); see `pickRefusal`. */
export type RefuseFile = (file: File) => string | undefined;

/**
 * The words for a file the chat's attachments plug-in refuses by type or size (`refusal`, the rule
 * `sendMessage` applies), or undefined when it takes it. The accepted types are named, so the
 * user knows what to pick instead.
 */
export function pickRefusal(attachments: ReturnType<typeof chatAttachments>, file: File): string | undefined {
  const refusal = attachments.refusal(file);
  if (refusal === undefined) return undefined;
  if (refusal === "size") return `“${file.name}” (${sizeText(file.size)}) is larger than the ${sizeText(attachments.limits.maxFileSize)} a file may be.`;
  return `“${file.name}” (${file.type || "unknown type"}) is not a type this chat accepts: ${attachments.limits.accept.join(", ")}.`;
}

/** The files to keep as chips, and the words for those refused (undefined when none was). */
export function screenFiles(files: readonly File[], refuse: RefuseFile): { kept: File[]; refused: string | undefined } {
  const kept: File[] = [];
  const reasons: string[] = [];
  for (const file of files) {
    const reason = refuse(file);
    if (reason === undefined) kept.push(file);
    else reasons.push(reason);
  }
  return { kept, refused: reasons.length === 0 ? undefined : reasons.join(" ") };
}

/** A chip's words: "cat.png · 68 B", or the part's type and MIME type when it has no name. */
export function attachmentLabel(name: string | undefined, fallback: string, size: number | undefined): string {
  return [name ?? fallback, size === undefined ? undefined : sizeText(size)].filter((word) => word !== undefined).join(" · ");
}

/**
 * Sends the composer's text and files (text alone as a plain string). A file the chat's limits
 * refuse (`ATTACHMENT_REJECTED`, thrown before anything is sent) answers its message; any other
 * error is the app's bug and is thrown on.
 */
export function sendComposed(send: (message: MessageInput) => Promise<TurnResult>, track: TrackTurn, text: string, files: readonly File[]): string | undefined {
  try {
    track(send(files.length === 0 ? text : { text, files: [...files] }));
    return undefined;
  } catch (error) {
    if (error instanceof ChatInputError && error.code === "ATTACHMENT_REJECTED") return error.message;
    throw error;
  }
}

/** An edit of a user message keeps its files: the new text, then the message's media parts as they were. */
export function editedMessage(text: string, attachments: readonly Attachment[]): MessageInput {
  return attachments.length === 0 ? text : { content: [{ type: "text", text }, ...attachments.map((file) => file.part)] };
}
