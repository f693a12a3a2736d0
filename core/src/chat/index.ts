// The conversation: ChatClient, its turns and their scheduling, continuation, the thread key,
// options, chat storage, multi-tab presence, the cleared-run filter and the incoming guard.
export { ChatClient } from "./client.js";
export type {
  ChatClientOptions,
  ChatPresenceOptions,
  ChatStatus,
  ChatUpdatableOptions,
  MessageInput,
  ToolResultInput,
  TurnResult,
} from "./types.js";
export { MaxStepsError } from "./turns/max-steps-error.js";
// What both bindings' `useChat` hand out of a client.
export { CHAT_SIGNALS, chatMethods } from "./binding-surface.js";
export type { ChatMethods } from "./binding-surface.js";
export { chatPersistence } from "./storage/persistence.js";
export type { ChatPersistenceOptions } from "./storage/persistence.js";
export type { ChatPersistence, ChatStorage, ChatStorageHost } from "./storage/storage.js";
export type { ChatPresence, PresencePlugin } from "./presence/generation.js";
export type { AttachmentInput } from "./attachments/draft.js";
export type { AttachmentLimits, AttachmentOptions, FileRefusal, UploadHook, UploadInfo } from "./attachments/limits.js";
export { chatAttachments } from "./attachments/outgoing.js";
export type { ChatAttachments } from "./attachments/outgoing.js";
export type { AttachmentsPlugin, OutgoingHost, OutgoingMessages, OutgoingSkip } from "./outgoing.js";
export type { StateUpdate, StateUpdater } from "./state.js";
export type { StatusNote } from "./status-note.js";
export type { FollowOptions } from "./follow/follow.js";
export { followRuns } from "./follow/follow.js";
export type { ChatFollow, FollowHost, FollowPlugin } from "./follow/follow-plugin.js";
export { ClearedRunFilter } from "./incoming/cleared-run-filter.js";
export type { ClearedConversation } from "./incoming/cleared-run-filter.js";
export { GenerationPresence, broadcastPresence } from "./presence/presence.js";
export type { GenerationPresenceOptions } from "./presence/presence.js";
export { generationChannelName } from "./presence/presence-channel.js";
export type { BroadcastChannelLike, CreatePresenceChannel, PresenceClock, PresenceMessage } from "./presence/presence-channel.js";
