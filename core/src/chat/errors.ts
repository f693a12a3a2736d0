import { RunError } from "../run/errors.js";
import { ChatInputError } from "../tools/errors.js";

/**
 * The turn needed more automatic continuations than `maxSteps` allows. The tool results stay in
 * the thread; the next `sendMessage` carries them to the agent.
 */
export class MaxStepsError extends RunError {
  declare readonly code: "MAX_STEPS_REACHED";
  readonly maxSteps: number;

  constructor(maxSteps: number) {
    super(
      "MAX_STEPS_REACHED",
      `The agent asked for another round of tool results after ${maxSteps} automatic continuation(s); ` +
        `stopped at maxSteps (${maxSteps}). Raise maxSteps, or send a message to go on.`,
    );
    this.maxSteps = maxSteps;
  }
}

/** `listThreads` / `removeThread` on a chat that keeps no thread index (`NO_THREAD_INDEX`, naming `method`). */
export function noThreadIndex(method: string): ChatInputError {
  return new ChatInputError("NO_THREAD_INDEX", `${method}: this chat keeps no thread index (it needs \`persistence\`, without \`index: false\`).`, "persistence");
}
