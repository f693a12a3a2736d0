import type { ChatClientOptions } from "@threadline/core";

/** `useThreadlineChat`'s options: `useChat`'s, the agent given (the module's route unless you pass another). */
export type ThreadlineChatOptions = Omit<ChatClientOptions, "agent"> & { readonly agent?: ChatClientOptions["agent"] };
