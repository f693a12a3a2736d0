import { DEV } from "esm-env";
import { RunError } from "../../run/errors.js";

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
      DEV
        ? `The agent asked for another round of tool results after ${maxSteps} automatic continuation(s); ` +
            `stopped at maxSteps (${maxSteps}). Raise maxSteps, or send a message to go on.`
        : "",
      { where: `maxSteps ${maxSteps}` },
    );
    this.maxSteps = maxSteps;
  }
}
