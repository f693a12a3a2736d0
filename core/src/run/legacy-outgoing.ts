import { DEV } from "esm-env";
import type { WarningHandler } from "../errors.js";
import { contentText } from "../protocol/content-text.js";
import type { Message } from "../protocol/events.js";
import { upgradeBinaryPart, type LegacyBinaryPart, type UpgradedMediaPart } from "../protocol/legacy-content.js";
import { compareVersions, parseVersion } from "../protocol/version.js";
import type { PeerProfile } from "./outgoing-compat.js";

/**
 * The legacy plug-in's outgoing side (`legacyProtocol()`; the incoming side is the pipeline's):
 * - Always: a retired `{ type: "binary" }` content part becomes the modern image / audio / video /
 *   document part with its payload (a part that only carries an `id` cannot, and is kept with a
 *   warning).
 * - A peer pinned at or below 0.0.57 predates subagents: `subagentRunId` is removed from messages.
 * - At or below 0.0.39: `parentRunId` is removed and content parts are flattened to their text; the
 *   parts that cannot be flattened are reported, not dropped in silence.
 * - `protocolVersion` is declared only to a peer at 1.0 or later (or an unpinned one): an older peer
 *   may reject a member it does not know.
 */
export function legacyPeerProfile(peerProtocolVersion: string | undefined): PeerProfile {
  // An unreadable pin says nothing we can act on; the pipeline warns about it on the way in.
  const peer = peerProtocolVersion === undefined ? undefined : parseVersion(peerProtocolVersion);
  const atMost = (version: string): boolean => peer !== undefined && compareVersions(peer, parseVersion(version) ?? []) <= 0;
  const stripsSubagents = atMost("0.0.57");
  const flattensContent = atMost("0.0.39");
  return {
    declaresVersion: peer === undefined || compareVersions(peer, [1, 0]) >= 0,
    flattensContent,
    message(message, warn) {
      let out = message;
      const content = (message as { content?: unknown }).content;
      if (Array.isArray(content) && content.some(isBinaryPart)) {
        out = { ...out, content: upgradeBinaryParts(content, warn) } as Message;
      }
      if (stripsSubagents && "subagentRunId" in out) {
        const { subagentRunId: _dropped, ...rest } = out;
        out = rest as Message;
      }
      if (flattensContent) out = flattenContent(out, warn);
      return out;
    },
  };
}

function isBinaryPart(part: unknown): part is LegacyBinaryPart {
  return (
    typeof part === "object" &&
    part !== null &&
    (part as { type?: unknown }).type === "binary" &&
    typeof (part as { mimeType?: unknown }).mimeType === "string"
  );
}

function upgradeBinaryParts(parts: readonly unknown[], warn: WarningHandler): unknown[] {
  const out: unknown[] = [];
  for (const part of parts) {
    if (!isBinaryPart(part)) {
      out.push(part);
      continue;
    }
    const media = upgradeBinaryPart(part);
    if (media === undefined) {
      warn({
        code: "BINARY_PART_NOT_UPGRADED",
        message: DEV
          ? `A legacy binary content part carries only an id ('${part.id ?? ""}') and cannot become a modern ` +
            `media part; it is sent as is, and a 1.0 peer may refuse it. Give it data or a url.`
          : "",
        event: part,
      });
      out.push(part);
      continue;
    }
    // A message that already carries the modern form next to the legacy one keeps one copy.
    if (!parts.some((other) => sameMedia(other, media))) out.push(media);
  }
  return out;
}

function sameMedia(candidate: unknown, media: UpgradedMediaPart): boolean {
  if (typeof candidate !== "object" || candidate === null) return false;
  const c = candidate as { type?: unknown; source?: Partial<UpgradedMediaPart["source"]>; metadata?: { filename?: unknown } };
  return (
    c.type === media.type &&
    c.source?.type === media.source.type &&
    c.source.value === media.source.value &&
    c.source.mimeType === media.source.mimeType &&
    c.metadata?.filename === media.metadata?.filename
  );
}

function flattenContent(message: Message, warn: WarningHandler): Message {
  const content = (message as { content?: unknown }).content;
  if (content === undefined) return { ...message, content: "" } as Message;
  if (!Array.isArray(content)) return message;
  const isText = (p: unknown): p is { type: "text"; text: string } =>
    typeof p === "object" && p !== null && (p as { type?: unknown }).type === "text";
  if (content.some((p) => isText(p) && typeof p.text !== "string")) {
    // A broken text part is a defect in the message, not media the peer lacks: pass it on unrepaired.
    warn({
      code: "CONTENT_NOT_FLATTENED",
      message: DEV ? `Message '${message.id}': a text part has no string 'text'; its content is sent unflattened.` : "",
      event: message,
    });
    return message;
  }
  const dropped = content.filter((p) => !isText(p)).map((p) => (typeof p === "object" && p !== null ? String((p as { type?: unknown }).type) : typeof p));
  if (dropped.length > 0) {
    warn({
      code: "CONTENT_PARTS_DROPPED",
      message: DEV
        ? `Message '${message.id}': the agent speaks AG-UI 0.0.39 or older, which only takes text, so flattening ` +
          `the content DROPS non-text parts (${dropped.join(", ")}).`
        : "",
      event: message,
    });
  }
  const text = contentText(content.filter(isText));
  return { ...message, content: text } as Message;
}
