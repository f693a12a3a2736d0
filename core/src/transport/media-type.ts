/** AG-UI's binary media type (equal to `AGUI_MEDIA_TYPE` of `@ag-ui/proto`, kept here so the
 * protobuf decoder is only loaded when a server actually answers in protobuf). */
export const AGUI_PROTO_MEDIA_TYPE = "application/vnd.ag-ui.event+proto";
export const SSE_MEDIA_TYPE = "text/event-stream";

export type StreamEncoding = "sse" | "protobuf" | "unknown";

/**
 * Picks the decoder from a response's content-type, ignoring parameters (`; charset=utf-8`) and
 * case. A missing header is read as SSE: plenty of hand-written servers forget it.
 */
export function streamEncoding(contentType: string | null): StreamEncoding {
  if (contentType === null) return "sse";
  const semicolon = contentType.indexOf(";");
  const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  if (essence === "" || essence === SSE_MEDIA_TYPE) return "sse";
  if (essence === AGUI_PROTO_MEDIA_TYPE) return "protobuf";
  return "unknown";
}
