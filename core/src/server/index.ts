// @threadline/core/server: a Web-standard AG-UI handler whose runs are logged and resumable.
export { createAgentHandler } from "./handler.js";
export { RESUME_HEADER, RESUME_PROTOCOL } from "../transport/reconnect.js";
export type { AgentHandler, AgentHandlerOptions, ThreadRuns } from "./handler.js";
export { toNodeListener } from "./node-listener.js";
export type { NodeIncomingMessage, NodeServerResponse } from "./node-listener.js";
export { memoryRunStore } from "./memory-run-store.js";
export { redisRunStore } from "./redis-run-store.js";
export type { RedisRunStoreOptions } from "./redis-run-store.js";
export type { IoRedisLike, NodeRedisLike, RedisClientLike } from "./redis-client.js";
export type { LoggedEvent, NewRun, RunLookup, RunRecord, RunStore, RunStoreOptions, RunWriter } from "./run-store.js";
export { DEFAULT_MAX_EVENTS, DEFAULT_TTL_MS } from "./run-store.js";
export { AgentHandlerError, RunStoreError } from "./errors.js";
export type { AgentHandlerErrorCode } from "./errors.js";
export type { ClosingCode } from "./run-producer.js";
export { formatEventId, parseEventId } from "./event-id.js";
export type { EventPosition } from "./event-id.js";
