import { ThreadlineError } from "@threadline/core";

/** `injectChat()` found no chat: no ancestor called `provideChat()`. */
export class ChatNotProvidedError extends ThreadlineError {
  declare readonly code: "CHAT_NOT_PROVIDED";

  constructor() {
    super(
      "CHAT_NOT_PROVIDED",
      "injectChat() found no chat: call provideChat(useChat(...)) in an ancestor component's setup().",
    );
  }
}

/** A component composable was called without a node outside a component `<ThreadComponent>` renders. */
export class ComponentNodeMissingError extends ThreadlineError {
  declare readonly code: "COMPONENT_NODE_MISSING";

  constructor(what: string) {
    super(
      "COMPONENT_NODE_MISSING",
      `${what} was called without a node outside a component rendered by <ThreadComponent>: pass the node.`,
    );
  }
}

/** `<StreamingText>` was given something that is not a message node. */
export class NotAMessageError extends ThreadlineError {
  declare readonly code: "NOT_A_MESSAGE";

  constructor(what: string, value: unknown) {
    const got = value === null ? "null" : typeof value === "object" ? "an object without a content signal" : typeof value;
    super("NOT_A_MESSAGE", `${what}: the node prop must be a message node (with a content signal), got ${got}.`);
  }
}
