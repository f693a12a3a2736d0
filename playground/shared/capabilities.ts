// What the composer offers, from the agent's declared capabilities. Soft: capabilities that are
// unknown (not discovered, not declared) or silent on input offer everything.
import type { AgentCapabilities } from "@threadline/core";

/** False only when the agent says it takes no images and no other kind of file. */
export function takesAttachments(capabilities: AgentCapabilities | undefined): boolean {
  const input = capabilities?.multimodal?.input;
  if (input?.image !== false) return true;
  return input.audio === true || input.video === true || input.pdf === true || input.file === true;
}
