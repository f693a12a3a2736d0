// What a production build of @threadline/core ships: the code and the error codes, not the
// sentences. Every message is written `DEV ? "the sentence" : ""` (esm-env's DEV, false when the
// bundler resolves the `production` condition), so Vite's production build must fold every one
// of them away. This builds the root and every subpath the way an app's build would, one output
// file per source module, and lists each string literal that still reads like prose, by module:
// a message written without `DEV ?` fails here with its file named.
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { build, type Rolldown } from "vite";
import { describe, expect, it } from "vitest";

const src = (path: string): string => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));
const exportsMap = (JSON.parse(readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8")) as { exports: Record<string, unknown> }).exports;
const subpaths = Object.keys(exportsMap).filter((key) => key !== "./package.json");
const entries = Object.fromEntries(subpaths.map((key) => (key === "." ? ["index", src("index.ts")] : [key.slice(2), src(`${key.slice(2)}/index.ts`)])));

/** A string literal (any of the three quotes) of the minified output. */
const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
/** Prose: four words or more, or a sentence's end. Identifiers, event types and CSS do not match. */
const PROSE = /(?:[A-Za-z`'’]+[,;:]? +){3,}[A-Za-z`'’]+|[a-z][.!?]\s*$/;

/**
 * Prose that is data, not a diagnostic, and so ships in both builds: module (output file name) →
 * the literals' starts, each with why. Kept small on purpose.
 */
const DATA_PROSE: Record<string, readonly { readonly starts: string; readonly why: string }[]> = {
  // chat/, tools/, the bindings

  // model/, fold/, json/, protocol/, run/

  // pipeline/, transport/, persist/, server/, devtools/, markdown/
  "transport/from-agent.js": [{ starts: "Connect not implemented.", why: "matched against @ag-ui/client's own error message to tell it apart" }],
  "markdown/math.js": [
    { starts: "<${", why: "the HTML a math node renders to" },
    { starts: "} class=\"tl-math", why: "the HTML a math node renders to" },
    { starts: "}\">${", why: "the HTML a math node renders to" },
  ],
  ...Object.fromEntries(
    ["errors", "handler", "memory-run-store", "redis-run-store", "run-producer"].map((file) => [
      `server/${file}.js`,
      [{ starts: "", why: "the agent handler's answers to HTTP clients (error bodies, RUN_ERROR events), run-store failures included" }],
    ]),
  ),
  ...Object.fromEntries(
    ["panel/events-view", "panel/messages-view", "panel/state-view", "panel/styles", "panel/timeline-view", "panel/tools-view"].map((file) => [
      `devtools/${file}.js`,
      [{ starts: "", why: "the inspector panel's UI text (labels, empty states) and its CSS" }],
    ]),
  ),
  "devtools/inspector.js": ["Time travel: ", "The fixture replays up to", "mode${", " · ${"].map((starts) => ({ starts, why: "the panel's UI text" })),
  "devtools/recorder.js": [
    "the run outgrew", "the client set the state", "input.messages: ", "the client removed", "the client's result", "tool results the client", "the client rejected", "the client stopped", "the state the earlier",
  ].map((starts) => ({ starts, why: "the note the panel shows beside a recorded event" })).concat({ starts: "The client stopped the run.", why: "the message of the RUN_ERROR the recorder records for a stopped run" }),
};

const isData = (fileName: string, literal: string): boolean =>
  (DATA_PROSE[fileName] ?? []).some((entry) => literal.slice(1).startsWith(entry.starts));

async function productionBuild(): Promise<Rolldown.OutputChunk[]> {
  const output = (await build({
    configFile: false,
    root: src(".."),
    mode: "production",
    logLevel: "silent",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    // Vitest runs with NODE_ENV "test", so Vite would pick the `development` condition: an app's
    // production build resolves `production`.
    resolve: { conditions: ["module", "browser", "production"] },
    build: {
      write: false,
      minify: true,
      lib: { entry: entries, formats: ["es"] },
      rolldownOptions: {
        // Only our own modules are searched; dependencies keep their own messages. esm-env is
        // bundled, not external: its DEV must be the constant false for the sentences to fold away.
        external: (id) => !id.startsWith("esm-env") && !id.startsWith(src("..").replace(/\/src$/, "/src")) && !id.startsWith(".") && !id.startsWith("/"),
        output: { minify: true, preserveModules: true },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(output) ? output : [output]).flatMap((o) => o.output.filter((c): c is Rolldown.OutputChunk => c.type === "chunk"));
}

describe("a production build", () => {
  it("holds no message sentences: every one is written DEV ? … : \"\"", async () => {
    const chunks = await productionBuild();
    expect(chunks.length).toBeGreaterThan(50);
    const found: Record<string, string[]> = {};
    for (const chunk of chunks) {
      const prose = (chunk.code.match(LITERAL) ?? []).filter((literal) => PROSE.test(literal.slice(1, -1)) && !isData(chunk.fileName, literal));
      if (prose.length > 0) found[chunk.fileName] = prose.map((p) => (p.length > 90 ? `${p.slice(0, 90)}…` : p));
    }
    expect(found).toEqual({});
  }, 120_000);
});
