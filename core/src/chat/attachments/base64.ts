// Inline attachments travel as base64 (`DataSource.value`). Bytes are read with `Blob.arrayBuffer()`
// (browsers, Node, jsdom alike) and encoded natively where `Uint8Array.prototype.toBase64` exists.

const CHUNK = 0x8000;

/** The base64 text of `bytes`. */
export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64;
  if (typeof native === "function") return native.call(bytes);
  // fromCharCode over chunks: one call per 32 KiB keeps the argument list within engine limits.
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** A blob's bytes as base64. */
export async function blobToBase64(blob: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
}
