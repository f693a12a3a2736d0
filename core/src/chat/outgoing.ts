import { DEV } from "esm-env";
import type { ThreadlineError } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import type { Message } from "../protocol/events.js";
import { ChatInputError } from "../tools/errors.js";
import { pluginOption } from "./plugin-option.js";
import { MEDIA_PART_TYPES } from "../protocol/message-shapes.js";
import { checkContentPart, checkMessageInput } from "./input.js";
import type { TurnResult } from "./types.js";

/** Why messages still on their way were dropped. */
export type OutgoingSkip = "stopped" | "cleared" | "disposed";

/**
 * Where `sendMessage` and `editMessage` hand their argument: checked (throwing `ChatInputError`
 * synchronously), then given to `deliver` as a user message. Without the attachments plug-in
 * this is the plain sender below; `chatAttachments()` brings the one that reads and uploads files.
 */
export interface OutgoingMessages {
  send(input: unknown, deliver: (message: Message) => Promise<TurnResult>): Promise<TurnResult>;
  /** `stop()`, `clear()`, `dispose()`: work still on its way is dropped. */
  cancel(skip: OutgoingSkip): void;
}

/** What an attachments plug-in is given. */
export interface OutgoingHost {
  readonly thread: ThreadImpl;
  readonly createId: () => string;
  readonly report: (error: ThreadlineError) => void;
}

/** The `attachments` option of `new ChatClient`: made by `chatAttachments(options)`. */
export interface AttachmentsPlugin {
  /** Opens the chat's sender; called once, when the chat is built. */
  readonly open: (host: OutgoingHost) => OutgoingMessages;
}

/** The chat's sender: the `attachments` plug-in's, or text and text parts only. */
export function openOutgoing(plugin: AttachmentsPlugin | undefined, host: OutgoingHost): OutgoingMessages {
  if (plugin === undefined) return plainSender(host.createId);
  return pluginOption(plugin, "attachments", DEV ? "chatAttachments({ upload, maxFileSize, … }) (from @threadline/core), not its options." : "").open(host);
}

/**
 * A chat without the attachments plug-in sends text: a string, `{ content }` of text (and other
 * non-media) parts, `{ text }`. Files and media parts are refused with `PLUGIN_MISSING`, naming
 * the plug-in, before anything is sent. Every message is handed on synchronously.
 */
function plainSender(createId: () => string): OutgoingMessages {
  return {
    send(input, deliver) {
      const checked = checkMessageInput(input, createId);
      if ("files" in checked) {
        if (checked.files.length > 0) throw missingPlugin("files");
        return deliver(userMessage(checked.id, checked.text));
      }
      if (typeof checked.content === "string") return deliver(userMessage(checked.id, checked.content));
      const parts = checked.content.map((part, i) => {
        const checkedPart = checkContentPart(part, `content[${i}]`);
        if (MEDIA_PART_TYPES.has(checkedPart.type)) throw missingPlugin(`content[${i}]`);
        return checkedPart;
      });
      return deliver(userMessage(checked.id, parts));
    },
    cancel() {},
  };
}

function missingPlugin(where: string): ChatInputError {
  return new ChatInputError(
    "PLUGIN_MISSING",
    DEV ? `sendMessage: ${where} carries files or media parts, which need the attachments plug-in: new ChatClient({ attachments: chatAttachments() }). Nothing was sent.` : "",
    "attachments",
    where,
  );
}

export function userMessage(id: string, content: Message["content"]): Message {
  return { id, role: "user", content } as Message;
}
