// Sources of AG-UI events: HTTP (SSE and protobuf), any AG-UI agent object, arrays and iterables.
export { RunLeft } from "./source.js";
export type { AgentSource, EventSink, ResumeOptions, RunEnd, ServerRun } from "./source.js";
export type { CapabilityQuery } from "./capabilities.js";
export { HttpAgent } from "./http-agent.js";
export type { HttpAgentOptions, HttpHeaders } from "./http-agent.js";
export { fromAgent } from "./from-agent.js";
export type { AgUiAgentLike, EventObserver, Subscribable, Unsubscribable } from "./from-agent.js";
export { fromEvents } from "./from-events.js";
export { AGUI_PROTO_MEDIA_TYPE, SSE_MEDIA_TYPE } from "./media-type.js";
export { DEFAULT_MAX_EVENT_SIZE } from "./stream-decoder.js";
export {
  TransportError,
  RequestFailedError,
  HttpError,
  UnexpectedContentTypeError,
  SseDataError,
  ProtobufFrameError,
  EventTooLargeError,
  StreamTruncatedError,
  SourceFailedError,
  ConnectNotSupportedError,
  ReconnectFailedError,
  ResponseTimeoutError,
  StopFailedError,
  LazyLoadError,
} from "./errors.js";
export { RESUME_HEADER, RESUME_PROTOCOL } from "./reconnect.js";
export type { ReconnectAttempt, ReconnectOptions } from "./reconnect.js";
export type { TransportErrorCode, TruncationReason } from "./errors.js";
