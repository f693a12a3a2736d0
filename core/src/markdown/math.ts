import type { MarkdownIt } from "markdown-it";
import type { StateBlock, StateInline, Token } from "markdown-it";
import { escapeHtml } from "./code-block.js";
import type { MarkdownPlugin } from "./parser.js";
import { plainSafePlugins } from "./text-tail.js";
import type { MarkdownWidget } from "./tree.js";

/**
 * The math plugin point: `$…$` inline and `$$ … $$` blocks become math tokens, drawn by the
 * typesetter the app brings (KaTeX, MathJax…), so none is a dependency of Threadline:
 *
 *     mathPlugin({ typeset: (tex, display, element) => katex.render(tex, element, { displayMode: display, throwOnError: false }) })
 *
 * Inline math follows Pandoc's rule so prices are not math: no space just inside the dollars,
 * no digit right after the closing one. An unclosed `$$` block runs to the end, like a fence.
 */
export interface MathOptions {
  /** Draws `tex` into `element` (empty on each call). `display` for `$$` blocks. */
  readonly typeset: (tex: string, display: boolean, element: HTMLElement) => void;
}

interface MathProps {
  readonly tex: string;
  readonly display: boolean;
}

export function mathPlugin(options: MathOptions): MarkdownPlugin {
  const view = (document: Document, props: MathProps) => {
    const element = document.createElement(props.display ? "div" : "span");
    element.className = props.display ? "tl-math tl-math-display" : "tl-math";
    let tex = "";
    const draw = (next: MathProps) => {
      if (next.tex === tex) return;
      tex = next.tex;
      element.replaceChildren();
      try {
        options.typeset(tex, next.display, element);
      } catch {
        // A typesetter that refuses the TeX (half-written, mid-stream) leaves the source showing.
        element.textContent = tex;
      }
    };
    draw(props);
    return { element, update: draw, destroy: () => {} };
  };
  const widget = (token: Token, display: boolean): MarkdownWidget<MathProps> => ({
    kind: display ? "math-display" : "math",
    props: { tex: token.content, display },
    view,
    html: (props) => `<${props.display ? "div" : "span"} class="tl-math${props.display ? " tl-math-display" : ""}">${escapeHtml(props.tex)}</${props.display ? "div" : "span"}>`,
  });
  const plugin: MarkdownPlugin = {
    name: "math",
    parser: (md: MarkdownIt) => {
      md.inline.ruler.after("escape", "math_inline", inlineMath);
      md.block.ruler.before("fence", "math_block", blockMath, { alt: ["paragraph", "reference", "blockquote", "list"] });
    },
    tokens: {
      math_inline: (token) => widget(token, false),
      math_block: (token) => widget(token, true),
    },
  };
  plainSafePlugins.add(plugin);
  return plugin;
}

function inlineMath(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src[pos] !== "$" || src[pos + 1] === "$") return false;
  const first = src[pos + 1];
  if (first === undefined || first === " " || first === "\t" || first === "\n") return false;
  let end = pos + 1;
  for (;;) {
    end = src.indexOf("$", end);
    if (end === -1 || end > posMax) return false;
    if (src[end - 1] !== "\\") break;
    end++;
  }
  const before = src[end - 1];
  if (end === pos + 1 || before === " " || before === "\t" || before === "\n" || /[0-9]/.test(src[end + 1] ?? "")) return false;
  if (!silent) {
    const token = state.push("math_inline", "span", 0);
    token.markup = "$";
    token.content = src.slice(pos + 1, end);
  }
  state.pos = end + 1;
  return true;
}

function blockMath(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4 || state.src.slice(start, start + 2) !== "$$") return false;
  if (silent) return true;
  const firstLine = state.src.slice(start + 2, max);
  let content: string;
  let next = startLine;
  const closeAt = firstLine.trimEnd().endsWith("$$") ? firstLine.trimEnd().length - 2 : -1;
  if (closeAt >= 0) {
    content = firstLine.slice(0, closeAt);
  } else {
    const lines = [firstLine];
    for (;;) {
      next++;
      if (next >= endLine) break;
      const from = state.bMarks[next]! + state.tShift[next]!;
      const line = state.src.slice(from, state.eMarks[next]!);
      if (line.trimEnd().endsWith("$$")) {
        lines.push(line.trimEnd().slice(0, -2));
        break;
      }
      lines.push(state.src.slice(state.bMarks[next]!, state.eMarks[next]!));
    }
    content = lines.join("\n");
  }
  state.line = next + 1;
  const token = state.push("math_block", "div", 0);
  token.block = true;
  token.content = content.trim();
  token.markup = "$$";
  token.map = [startLine, state.line];
  return true;
}
