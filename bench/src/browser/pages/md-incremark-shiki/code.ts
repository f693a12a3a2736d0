// Code blocks for the @incremark/core + Shiki lane, drawn the way incremark's own renderers draw
// them (@incremark/react, vue and svelte 0.3.x: IncremarkCodeDefault → CachedCodeRenderer): one
// view per code block, kept while the block is pending and into its completion (blocks are keyed
// by their start offset, which does not change), fed only the code appended since the last update
// through shiki-stream's CodeToTokenTransformStream with recalls, each token a span. A block that
// arrives already complete is fed its whole code once. Highlighter, JS regex engine, theme and
// grammars are the ones Threadline's renderer uses (core/src/markdown/shiki.ts, Shiki 4.6.0).
import { createHighlighterCore, getTokenStyleObject, type HighlighterCore, type ThemedToken } from "@shikijs/core";
import { createJavaScriptRegexEngine } from "@shikijs/engine-javascript";
import githubLight from "@shikijs/themes/github-light";
import { DEFAULT_LANGUAGES } from "@threadline/core/markdown";
import { CodeToTokenTransformStream, type RecallToken } from "shiki-stream";
import type { CodeView } from "../md-incremark/main.js";

export interface Shiki {
  readonly highlighter: HighlighterCore;
  readonly theme: string;
  /** The loaded grammar's name for a fence's language; null: drawn plain; undefined: still loading (`then` runs once it is). */
  grammar(lang: string, then: () => void): string | null | undefined;
}

let shared: Promise<Shiki> | undefined;
/** One highlighter per page, as incremark's useShiki keeps one. */
export function pageShiki(): Promise<Shiki> {
  return (shared ??= (async () => {
    const highlighter = await createHighlighterCore({ themes: [githubLight], langs: [], engine: createJavaScriptRegexEngine() });
    const names = new Map<string, string | null>();
    const loading = new Map<string, Promise<void>>();
    return {
      highlighter,
      theme: githubLight.name!,
      grammar(lang, then) {
        const name = lang.toLowerCase();
        if (names.has(name)) return names.get(name)!;
        const loader = Object.hasOwn(DEFAULT_LANGUAGES, name) ? DEFAULT_LANGUAGES[name] : undefined;
        if (loader === undefined) return null;
        let load = loading.get(name);
        if (load === undefined) {
          load = loader().then(async (grammar) => {
            await highlighter.loadLanguage(...grammar.default);
            names.set(name, grammar.default.at(-1)!.name);
          });
          loading.set(name, load);
        }
        void load.then(then);
        return undefined;
      },
    };
  })());
}

export class StreamedCode implements CodeView {
  readonly element = document.createElement("pre");
  private readonly code = document.createElement("code");
  private value = "";
  private lang = "text";
  private fed = 0;
  private input: ReadableStreamDefaultController<string> | undefined;
  /** Bumped on restart: tokens of a stream that was dropped are ignored. */
  private generation = 0;
  private grammar: string | undefined;
  /** The grammar is loading (the code shows plain meanwhile). */
  private waiting = false;

  constructor(private readonly shiki: Shiki) {
    this.element.className = "shiki incremark-code-stream";
    this.element.append(this.code);
  }

  update(value: string, lang: string): void {
    this.value = value;
    // incremark starts the stream once the block has code (the info line is whole by then) and
    // its grammar is loaded; a language that changes after that restarts it.
    if (this.input !== undefined && lang !== this.lang) this.dispose();
    this.lang = lang;
    if (this.input === undefined) {
      const grammar = value === "" ? null : this.shiki.grammar(lang, () => {
        this.waiting = false;
        this.update(this.value, this.lang);
      });
      if (grammar === null || grammar === undefined) {
        // incremark shows the code plain until the grammar is there (and for languages it has none of).
        this.code.textContent = value;
        this.waiting = grammar === undefined;
        return;
      }
      this.start(grammar);
    }
    // An open fence's code loses the closing fence's first backticks when the fence closes:
    // incremark's renderer ignores a shrink (and keeps showing them); this lane highlights the
    // block again, once, so its final text is right.
    if (value.length < this.fed) this.start(this.grammar!);
    if (value.length > this.fed) {
      this.input!.enqueue(value.slice(this.fed));
      this.fed = value.length;
    }
  }

  private start(grammar: string): void {
    this.input?.close();
    const generation = ++this.generation;
    this.grammar = grammar;
    this.fed = 0;
    this.code.replaceChildren();
    const code = this.code;
    const text = new ReadableStream<string>({
      start: (controller) => {
        this.input = controller;
      },
    });
    void text
      // No time limit, as Threadline's tokenizer: Shiki's 500 ms default can cut a line short while a grammar compiles.
      .pipeThrough(new CodeToTokenTransformStream({ highlighter: this.shiki.highlighter, lang: grammar, theme: this.shiki.theme, allowRecalls: true, tokenizeTimeLimit: 0 }))
      .pipeTo(
        new WritableStream<ThemedToken | RecallToken>({
          write: (token) => {
            if (generation !== this.generation) return;
            if ("recall" in token) {
              for (let i = 0; i < token.recall; i++) code.lastChild?.remove();
              return;
            }
            const span = document.createElement("span");
            const style = token.htmlStyle ?? getTokenStyleObject(token);
            for (const key in style) span.style.setProperty(key, style[key]!);
            span.textContent = token.content;
            code.append(span);
          },
        }),
      );
  }

  /** Shows the block's code in full, highlighted when there is a grammar for its language. */
  drawn(): boolean {
    const plain = this.value === "" || this.shiki.grammar(this.lang, () => {}) === null;
    return !this.waiting && (this.input !== undefined || plain) && this.code.textContent === this.value;
  }

  dispose(): void {
    this.generation++;
    this.input?.close();
    this.input = undefined;
  }
}
