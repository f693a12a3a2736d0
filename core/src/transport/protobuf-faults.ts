import { warnToConsole } from "../errors.js";
import { EventTooLargeError, ProtobufFrameError, StreamTruncatedError } from "./errors.js";

/**
 * What the lazily loaded protobuf decoder throws and warns with, handed to it by the agent. Were
 * the lazy chunk to import these itself, the bundler would move them (and what they import) out
 * of the entry into a chunk of their own, loaded up front anyway and gzipped apart: 0.5 KB more.
 */
export const protobufFaults = { StreamTruncatedError, EventTooLargeError, ProtobufFrameError, warnToConsole };

export type ProtobufFaults = typeof protobufFaults;
