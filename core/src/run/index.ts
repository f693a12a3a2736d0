// One run on one thread: the run loop and its session (input, middleware, pipeline, subscribers,
// fold), interrupts and resume, the thread's writes when a run ends.
export { RunLoop } from "./loop.js";
export type { ActiveRun, RejoinParams, ResumePoint, RunLoopOptions, RunParams, WhenRunning } from "./options.js";
export type { RunEnded, RunMode, RunResult, RunStatus } from "./result.js";
export type {
  EventHookName,
  EventHooks,
  EventView,
  FailedView,
  FinalizedView,
  HookMutation,
  HookResult,
  RunSubscriber,
  RunView,
  SubscribedEvent,
} from "./subscriber.js";
export { isExpired } from "./interrupts.js";
export { legacyProtocol } from "./legacy-protocol.js";
export type { LegacyProtocol, LegacyProtocolOptions } from "./legacy-protocol.js";
export { RunError, RunLoopInputError } from "./errors.js";
export { InterruptResumeError, RunInProgressError, RunLoopDisposedError, RunSettleError, SubscriberError } from "./loop-errors.js";
export type { RunErrorCode } from "./errors.js";
