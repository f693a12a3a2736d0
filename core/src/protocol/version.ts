/**
 * Protocol versions. Threadline implements AG-UI 1.1 (the processing model, lifecycle and
 * streaming rules of `spec/1.1`), even though the `@ag-ui/core` 1.0.0 types it builds on still
 * say "1.0": 1.1 only adds rules, no shapes.
 */
export const PROTOCOL_VERSION = "1.1";

/**
 * Numeric components of a dotted version ("1.10" → [1, 10], "0.0.57" → [0, 0, 57]), or
 * `undefined` when the text is not purely dotted decimal numbers.
 */
export function parseVersion(text: string): number[] | undefined {
  if (!/^\d+(\.\d+)*$/.test(text)) return undefined;
  return text.split(".").map(Number);
}

/** Compares two parsed versions component by component; missing components count as 0. */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

export type ProducerVersionVerdict = "same-or-older" | "newer" | "uninterpretable";

/**
 * How a producer's `RUN_STARTED.protocolVersion` relates to the version Threadline speaks.
 * The spec publishes versions as MAJOR.MINOR compared numerically; a declaration that is not
 * one (or MAJOR.MINOR.PATCH) cannot be compared and is handled like a newer one.
 */
export function judgeProducerVersion(declared: string): ProducerVersionVerdict {
  const parsed = parseVersion(declared);
  if (parsed === undefined || parsed.length < 2 || parsed.length > 3) return "uninterpretable";
  const ours = parseVersion(PROTOCOL_VERSION) as number[];
  return compareVersions(parsed.slice(0, 2), ours) > 0 ? "newer" : "same-or-older";
}

/** True when the peer's version ceiling is at or below `era` ("0.0.57" and the like). */
export function peerIsAtOrBelow(peerVersion: string, era: string): boolean {
  const peer = parseVersion(peerVersion);
  const limit = parseVersion(era);
  if (peer === undefined || limit === undefined) return false;
  return compareVersions(peer, limit) <= 0;
}
