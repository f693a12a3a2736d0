import type { ContentPart } from "@ag-ui/core";

/**
 * The text of AG-UI message content: a string as is, the content parts' `text` joined (with
 * `separator`, none by default; other parts are skipped), `""` for none.
 */
export function contentText(content: string | readonly ContentPart[] | undefined, separator = ""): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  let text: string | undefined;
  for (const part of content) if (part.type === "text") text = text === undefined ? part.text : text + separator + part.text;
  return text ?? "";
}
