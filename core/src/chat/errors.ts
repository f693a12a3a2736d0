import { DEV } from "esm-env";
import { ChatInputError } from "../tools/errors.js";

/** `listThreads` / `removeThread` on a chat that keeps no thread index (`NO_THREAD_INDEX`, naming `method`). */
export function noThreadIndex(method: string): ChatInputError {
  return new ChatInputError("NO_THREAD_INDEX", DEV ? `${method}: this chat keeps no thread index (it needs \`persistence\`, without \`index: false\`).` : "", "persistence", method);
}
