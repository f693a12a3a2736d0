import type { errorCodes } from "../error-codes.js";
import { ThreadlineError } from "../errors.js";

/**
 * Why an MCP App could not be shown or answered: `MCP_APP_INVALID` (the activity names no
 * `ui://` resource), `MCP_APP_RESOURCE_FAILED` (the resource could not be read or is not an HTML
 * app), `MCP_APP_REQUEST_FAILED` (a request for the app failed, timed out, or named a server the
 * middleware does not have). A tool call the user declines is no error: the app gets an error result.
 */
export type McpAppErrorCode = (typeof errorCodes.mcpApps)[number];

export class McpAppError extends ThreadlineError<McpAppErrorCode> {}
