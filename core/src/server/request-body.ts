import { AgentHandlerError } from "./errors.js";

/**
 * The request's JSON body, read with a byte limit. A declared `Content-Length` over the limit is
 * refused before a byte is read; otherwise the bytes are counted as they arrive and reading stops
 * (the body is cancelled) at the first chunk past the limit, so an endless or lying body costs at
 * most `maxBytes` plus one chunk.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  // Only JSON: a cross-site HTML form can send text/plain or form data without a CORS preflight,
  // never application/json.
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new AgentHandlerError("CONTENT_TYPE_UNSUPPORTED", `A POST body must be application/json, not '${type.slice(0, 60)}'.`);
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    throw tooLarge(maxBytes);
  }
  if (request.body === null) throw new AgentHandlerError("RUN_INPUT_INVALID", "The request has no body: POST a RunAgentInput.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AgentHandlerError) throw error;
    throw new AgentHandlerError("RUN_INPUT_INVALID", "The request body could not be read to its end.", { cause: error });
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
  } catch (cause) {
    throw new AgentHandlerError("RUN_INPUT_INVALID", `The request body is not JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

function tooLarge(maxBytes: number): AgentHandlerError {
  return new AgentHandlerError("BODY_TOO_LARGE", `The request body is larger than ${maxBytes} bytes, this server's limit (limits.bodyBytes).`);
}
