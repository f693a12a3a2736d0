// The run loop: one thread, one run at a time — input, middleware, pipeline, subscribers, fold.
export { RunLoop } from "./run-loop.js";
export type { ActiveRun, ResumePoint, RunLoopOptions, RunParams, WhenRunning } from "./run-options.js";
export type { RunEnded, RunMode, RunResult, RunStatus } from "./run-result.js";
export { createEventStream } from "./event-stream.js";
export type { Emit, EventStream, EventTransform, MiddlewareEvent, StreamSink } from "./event-stream.js";
export type { Middleware, MiddlewareFunction, MiddlewareObject } from "./middleware.js";
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
export {
  InterruptResumeError,
  MiddlewareError,
  RunInProgressError,
  RunLoopDisposedError,
  RunLoopInputError,
  RunSettleError,
  SubscriberError,
} from "./errors.js";
