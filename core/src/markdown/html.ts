import { escapeHtml } from "./code-block.js";
import { resolveOptions, type MarkdownOptions } from "./options.js";
import { buildBlocks, type MarkdownNode } from "./tree.js";

/**
 * The markup of a whole text, for a server render (and the first paint before the component in
 * the browser takes over). Built from the same nodes as the DOM, with every text and attribute
 * escaped, so it is as safe as the DOM path.
 */
export function markdownToHtml(text: string, options?: MarkdownOptions): string {
  const { md, tree } = resolveOptions(options);
  const tokens = md.parse(text, {});
  return nodesHtml(buildBlocks(tokens, 0, tokens.length, tree, true));
}

const VOID = new Set(["br", "hr", "img", "input"]);

function nodesHtml(nodes: readonly MarkdownNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") {
      out += escapeHtml(node);
    } else if ("kind" in node) {
      out += node.html?.(node.props) ?? `<span class="tl-md-${escapeHtml(node.kind.replace(/^component:/, ""))}"></span>`;
    } else {
      let attrs = "";
      if (node.attrs !== undefined) for (const name in node.attrs) attrs += node.attrs[name] === "" ? ` ${name}` : ` ${name}="${escapeHtml(node.attrs[name]!)}"`;
      out += VOID.has(node.tag) ? `<${node.tag}${attrs}>` : `<${node.tag}${attrs}>${nodesHtml(node.children)}</${node.tag}>`;
    }
  }
  return out;
}
