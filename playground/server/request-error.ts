import type { ServerResponse } from "node:http";

/** A request the server refuses, answered as `{ "error": { "code", "message" } }` with `status`. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: RequestError): void {
  sendJson(res, error.status, { error: { code: error.code, message: error.message } });
}
