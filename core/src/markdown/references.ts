import type { Env, MarkdownIt, StateCore, StateInline, Token } from "markdown-it";

/**
 * Link reference definitions (`[id]: url "title"`) across the cut between settled and open text.
 *
 * A definition makes no block of its own, and it applies to the whole document, before it too: a
 * README ends with its definitions, and every `[text][id]` above them is a link in the finished
 * text. The stream parses only the open text, so each parse is given the settled definitions (the
 * first definition of a label wins, as CommonMark says: the settled map is the prototype of the
 * map markdown-it fills, and markdown-it never overwrites a label it can read), and it notes the
 * labels the inline parse looked up, by the inline token that wanted them. A settled block that
 * used a label no settled definition gives (none did yet, or one in the open text, which may still
 * grow) is drawn again when the stream ends, once, with every definition the document has. While
 * the stream goes on a missing label is drawn as its text without brackets (a `PENDING` link), not
 * as `[text]`: the definition may still come.
 */

export type ReferenceMap = NonNullable<Env["references"]>;

/** The href of a reference whose definition has not arrived (no URL can be spelled this way). */
export const PENDING = "\0pending";

const PENDING_REFERENCE = Object.freeze({ href: PENDING, title: "" });

export interface Definition {
  readonly label: string;
  /** Lines `[from, to)` of the parsed text the definition spans. */
  readonly from: number;
  readonly to: number;
}

/** What one parse of the open text tells about references. */
export interface ReferenceTrace {
  /** Labels the inline parse looked up, by the inline token being parsed. */
  readonly used: Map<Token, Set<string>>;
  /** The definitions in the parsed text, in order. */
  readonly definitions: Definition[];
  /** The map markdown-it filled: the definitions of this text, over the settled ones. */
  readonly defined: ReferenceMap;
  /** Whether a missing label is drawn as a PENDING link. */
  readonly placeholders: boolean;
  /** The inline token being parsed (undefined while blocks are parsed). */
  current: Token | undefined;
  /**
   * Set while markdown-it checks a link inside a link's text (a link may not hold one): a PENDING
   * link there would unmake the outer link, `[f(a[, b])](url)`.
   */
  nested: boolean;
}

const TRACE = "threadlineReferences";

/** The env for a parse over the `settled` definitions, and the trace it fills. */
export function tracedEnv(settled: ReferenceMap, placeholders: boolean): { readonly env: Env; readonly trace: ReferenceTrace } {
  const defined = Object.create(settled) as ReferenceMap;
  const trace: ReferenceTrace = { used: new Map(), definitions: [], defined, placeholders, current: undefined, nested: false };
  const references = new Proxy(defined, {
    get(target, key) {
      const found = Reflect.get(target, key) as ReferenceMap[string] | undefined;
      // The block rule asks whether a label is taken (current unset); only the inline parse uses one.
      if (typeof key !== "string" || key === "" || trace.current === undefined) return found;
      let labels = trace.used.get(trace.current);
      if (labels === undefined) trace.used.set(trace.current, (labels = new Set()));
      labels.add(key);
      if (found !== undefined) return found;
      // `[x]` opens a task list item (labels are normalized to upper case): never a pending link,
      // or the checkbox would not be read.
      return placeholders && !trace.nested && key !== "X" ? PENDING_REFERENCE : undefined;
    },
  });
  return { env: { references, [TRACE]: trace }, trace };
}

function traceOf(env: Env): ReferenceTrace | undefined {
  return (env as { [TRACE]?: ReferenceTrace })[TRACE];
}

/** Core rules that fill the trace: the definitions (before markdown-it drops their tokens) and the inline token being parsed. */
export function traceReferences(md: MarkdownIt): void {
  md.core.ruler.before("strip_references", "threadline_definitions", (state: StateCore) => {
    const trace = traceOf(state.env);
    if (trace === undefined) return;
    for (const token of state.tokens) {
      if (token.type === "reference_definition" && token.map !== null) trace.definitions.push({ label: (token.meta as { label: string }).label, from: token.map[0], to: token.map[1] });
    }
  });
  // The link rule, telling the trace when it runs to check (silent) or inside another link's text.
  const links = md.inline.ruler;
  const link = links.__rules__[links.__find__("link")]!.fn;
  links.at("link", (state: StateInline, silent: boolean) => {
    const trace = traceOf(state.env);
    if (trace === undefined) return link(state, silent);
    const outer = trace.nested;
    trace.nested = silent || state.linkLevel > 0;
    try {
      return link(state, silent);
    } finally {
      trace.nested = outer;
    }
  });
  // markdown-it's own inline rule, telling the trace which inline token is being parsed.
  md.core.ruler.at("inline", (state: StateCore) => {
    const trace = traceOf(state.env);
    for (const token of state.tokens) {
      if (token.type !== "inline") continue;
      if (trace !== undefined) trace.current = token;
      state.md.inline.parse(token.content, state.md, state.env, token.children ?? (token.children = []));
    }
    if (trace !== undefined) trace.current = undefined;
  });
}

/** The labels `tokens[from, to)` used that `settled` does not define. */
export function unsettledLabels(tokens: readonly Token[], from: number, to: number, trace: ReferenceTrace, settled: ReferenceMap): Set<string> | undefined {
  if (trace.used.size === 0) return undefined;
  let labels: Set<string> | undefined;
  for (let i = from; i < to; i++) {
    const used = trace.used.get(tokens[i]!);
    if (used !== undefined) for (const label of used) if (!Object.hasOwn(settled, label)) (labels ??= new Set()).add(label);
  }
  return labels;
}
