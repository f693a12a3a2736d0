import type { HighlighterCore, LanguageRegistration, ThemeRegistration } from "@shikijs/core";
import type { Highlighter, HighlightToken, LineTokenizer } from "./highlight.js";

/**
 * Shiki with fine-grained bundles: the core, the JavaScript regex engine (no WebAssembly), a
 * light theme and a dark one (or one theme), and each language's grammar in a chunk of its own
 * that loads the first time a fence of that language appears. Nothing of Shiki is fetched until
 * then.
 */

type Loader<T> = () => Promise<{ default: T }>;

export interface ShikiOptions {
  /** The theme (default: GitHub light), e.g. `() => import("@shikijs/themes/github-dark")`. */
  readonly theme?: Loader<ThemeRegistration>;
  /**
   * The theme for a dark `color-scheme`: each token then carries both colours and is drawn with
   * CSS `light-dark()`, so code follows the page's `color-scheme`. Default: GitHub dark when
   * `theme` is not given either; with `theme` alone (or `false`), that one theme everywhere.
   */
  readonly darkTheme?: Loader<ThemeRegistration> | false;
  /**
   * Languages by the name a fence gives them, e.g. `{ ts: () => import("@shikijs/langs/typescript") }`.
   * Default: DEFAULT_LANGUAGES. Names not listed show as plain code.
   */
  readonly languages?: Readonly<Record<string, Loader<LanguageRegistration[]>>>;
}

const typescript: Loader<LanguageRegistration[]> = () => import("@shikijs/langs/typescript");
const javascript: Loader<LanguageRegistration[]> = () => import("@shikijs/langs/javascript");
const shell: Loader<LanguageRegistration[]> = () => import("@shikijs/langs/shellscript");
const python: Loader<LanguageRegistration[]> = () => import("@shikijs/langs/python");

export const DEFAULT_LANGUAGES: Readonly<Record<string, Loader<LanguageRegistration[]>>> = {
  ts: typescript,
  typescript,
  js: javascript,
  javascript,
  jsx: () => import("@shikijs/langs/jsx"),
  tsx: () => import("@shikijs/langs/tsx"),
  json: () => import("@shikijs/langs/json"),
  sh: shell,
  bash: shell,
  shell,
  py: python,
  python,
  html: () => import("@shikijs/langs/html"),
  css: () => import("@shikijs/langs/css"),
  yaml: () => import("@shikijs/langs/yaml"),
  sql: () => import("@shikijs/langs/sql"),
  rust: () => import("@shikijs/langs/rust"),
  go: () => import("@shikijs/langs/go"),
  diff: () => import("@shikijs/langs/diff"),
  svelte: () => import("@shikijs/langs/svelte"),
  vue: () => import("@shikijs/langs/vue"),
};

/** A loaded highlighter and the names of its themes (`dark` when tokens carry a dark colour too). */
interface Loaded {
  readonly highlighter: HighlighterCore;
  readonly light: string;
  readonly dark: string | undefined;
}

export function shikiHighlighter(options: ShikiOptions = {}): Highlighter {
  const languages = options.languages ?? DEFAULT_LANGUAGES;
  const theme = options.theme ?? (() => import("@shikijs/themes/github-light"));
  const darkTheme = options.darkTheme ?? (options.theme === undefined ? () => import("@shikijs/themes/github-dark") : false);
  let core: Promise<Loaded> | undefined;
  const tokenizers = new Map<string, Promise<LineTokenizer | null>>();
  const start = async (): Promise<Loaded> => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, light, dark] = await Promise.all([
      import("@shikijs/core"),
      import("@shikijs/engine-javascript"),
      theme(),
      darkTheme === false ? undefined : darkTheme(),
    ]);
    const themes = dark === undefined ? [light.default] : [light.default, dark.default];
    const highlighter = await createHighlighterCore({ themes, langs: [], engine: createJavaScriptRegexEngine() });
    const [lightName, darkName] = highlighter.getLoadedThemes();
    return { highlighter, light: light.default.name ?? lightName!, dark: dark === undefined ? undefined : (dark.default.name ?? darkName!) };
  };
  return {
    load(lang) {
      const name = lang.toLowerCase();
      const loader = Object.hasOwn(languages, name) ? languages[name] : undefined;
      if (loader === undefined) return null;
      let tokenizer = tokenizers.get(name);
      if (tokenizer === undefined) {
        core ??= start();
        tokenizer = Promise.all([core, loader()]).then(async ([loaded, grammar]) => {
          await loaded.highlighter.loadLanguage(...grammar.default);
          // The grammar's own name (`typescript` for `ts`): the last registration is the language, the rest are its embeds.
          const id = grammar.default.at(-1)!.name;
          return loaded.dark === undefined ? lineTokenizer(loaded.highlighter, id, loaded.light) : twoThemeTokenizer(loaded.highlighter, id, loaded.light, loaded.dark);
        });
        // A chunk that fails to load is retried next time (the block shows plain meanwhile).
        tokenizer.catch(() => tokenizers.delete(name));
        tokenizers.set(name, tokenizer);
      }
      return tokenizer;
    },
  };
}

function lineTokenizer(highlighter: HighlighterCore, lang: string, theme: string): LineTokenizer {
  return {
    initial: undefined,
    line(line, state) {
      // No time limit: Shiki's default (500 ms) cuts a line short the first time a grammar's
      // rules compile on a busy machine, and a line is tokenized once, so it would stay wrong.
      const result = highlighter.codeToTokens(line, { lang, theme, tokenizeTimeLimit: 0, ...(state === undefined ? {} : { grammarState: state as never }) });
      return { tokens: result.tokens[0] ?? [], state: result.grammarState };
    },
  };
}

/**
 * Both themes' colours per token. Shiki reads the line once per theme (each theme's state stack
 * is kept), so a line costs twice what it does with one theme; lines are still read only once.
 */
function twoThemeTokenizer(highlighter: HighlighterCore, lang: string, light: string, dark: string): LineTokenizer {
  return {
    initial: undefined,
    line(line, state) {
      const lines = highlighter.codeToTokensWithThemes(line, { lang, themes: { light, dark }, tokenizeTimeLimit: 0, ...(state === undefined ? {} : { grammarState: state as never }) });
      const tokens: HighlightToken[] = (lines[0] ?? []).map(({ content, variants }) => ({
        content,
        color: variants.light?.color,
        darkColor: variants.dark?.color,
        // One font style: the light theme's (GitHub's two agree).
        fontStyle: variants.light?.fontStyle,
      }));
      return { tokens, state: highlighter.getLastGrammarState(lines) };
    },
  };
}

let shared: Highlighter | undefined;
/** The highlighter code blocks get when the options name none: one per page. */
export function defaultHighlighter(): Highlighter {
  return (shared ??= shikiHighlighter());
}
