// What a production build of @threadline/core ships: the code and the error codes, not the
// sentences. Every message is written `DEV ? "the sentence" : ""` (esm-env's DEV, false when the
// bundler resolves the `production` condition), so Vite's production build must fold every one
// of them away. This builds the root and every subpath the way an app's build would, one output
// file per source module, and lists each string literal that still reads like prose, by module:
// a message written without `DEV ?` fails here with its file named.
import { fileURLToPath, pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { build, type PluginOption, type Rolldown } from "vite";
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
  // the root
  "errors.js": [{ starts: "} (a production build", why: "productionMessage's own tail: the one sentence a production error carries, pointing to the docs" }],

  // chat/, tools/, the bindings
  // Why a stale call was cancelled: the end of the TOOL_CANCELLED error left on the call's node.
  "chat/engine.js": ["the answer is being regenerated", "the message was edited", "the user switched branches", "the user stopped the run", "the conversation was cleared", "the messages were replaced", "a new message interrupted the run"].map((starts) => ({ starts, why: "a TOOL_CANCELLED reason" })),
  "chat/turns/turns.js": [{ starts: "the chat was disposed", why: "a TOOL_CANCELLED reason" }, { starts: "a new turn started", why: "a TOOL_CANCELLED reason" }],
  "chat/thread-key/thread-key.js": [{ starts: "the thread was switched", why: "a TOOL_CANCELLED reason" }],
  "chat/status-note.js": ["The agent cancelled", "You stopped", "Waiting for "].map((starts) => ({ starts, why: "statusNote.text, a sentence the UI shows as it is" })),
  // A client tool's error result: the tool message the agent reads (or, cancelled, the call's error).
  "tools/answers.js": ["No result: the conversation moved on", "The user rejected the call", "Component '${"].map((starts) => ({ starts, why: "the tool result the agent reads" })),
  "tools/approvals.js": [{ starts: "Tool call '${", why: "TOOL_CANCELLED before approval, on the call" }],
  "tools/call-watch.js": ["the arguments are not valid JSON", "Tool '${"].map((starts) => ({ starts, why: "TOOL_ARGS_INVALID / TOOL_UNAVAILABLE, the tool result the agent reads" })),
  "tools/definition.js": [{ starts: "a ${typeof", why: "why an output cannot be sent: inside TOOL_OUTPUT_INVALID, which the agent reads" }],
  "tools/execution.js": ["Tool call '${", "Tool '${"].map((starts) => ({ starts, why: "TOOL_CANCELLED / TOOL_INPUT_INVALID / TOOL_OUTPUT_INVALID, the tool result the agent reads" })),

  // mcp-apps/: the error result an MCP App receives for a tool call the user declined (the app shows it).
  "mcp-apps/host.js": [{ starts: "The user declined the call to", why: "the tool result the MCP App reads, in every build" }],

  // model/, fold/, json/, protocol/, run/
  "model/tool-calls/args-problem.js": ["the arguments are", "the run ended before"].map((starts) => ({ starts, why: "what is wrong with a call's arguments: inside TOOL_ARGS_INVALID, the tool result the agent reads in every build" })),
  "model/views/element-html.js": [
    { starts: ";for(let ", why: "not a literal: the minified loop between two template literals of the element's HTML (`<${tag}` and ` ${name}=…`), which the scanner reads as one" },
  ],
  "model/views/views.js": [{ starts: "No component is registered for", why: "the notice both bindings render in place of an unregistered component: UI text" }],
  "model/subagents/subagent-lanes.js": [{ starts: "The run ended before subagent", why: "a cut-off lane's error.message, which a UI renders beside the lane" }],

  // pipeline/, transport/, persist/, server/, devtools/, markdown/
  "transport/from-agent.js": [{ starts: "Connect not implemented.", why: "matched against @ag-ui/client's own error message to tell it apart" }],
  "markdown/math.js": [
    { starts: "<${", why: "the HTML a math node renders to" },
    { starts: "} class=\"tl-math", why: "the HTML a math node renders to" },
    { starts: "}\">${", why: "the HTML a math node renders to" },
  ],
  ...Object.fromEntries(
    [
      "admission",
      "capabilities",
      "errors",
      "event-stream",
      "handler",
      "id-grammar",
      "limits",
      "memory-run-store",
      "node-listener",
      "origin",
      "owner",
      "redis-client",
      "redis-run-store",
      "redis-stream-reader",
      "request-body",
      "run-input",
      "run-producer",
    ].map((file) => [
      `server/${file}.js`,
      [{ starts: "", why: "the agent handler's answers to HTTP clients (error bodies, RUN_ERROR events), run-store failures and its startup warnings included: server code, whose messages no client bundle carries" }],
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

/** Where a binding's Vite plugin is installed: each binding package has its own in devDependencies. */
async function bindingPlugin(pkg: "svelte" | "vue"): Promise<PluginOption> {
  const from = createRequire(fileURLToPath(new URL(`../../../${pkg}/package.json`, import.meta.url)));
  if (pkg === "svelte") {
    const plugin = (await import(pathToFileURL(from.resolve("@sveltejs/vite-plugin-svelte")).href)) as { svelte: (options: object) => PluginOption };
    // As an app's production build compiles components: without Svelte's dev-mode checks.
    return plugin.svelte({ configFile: false, compilerOptions: { dev: false } });
  }
  const plugin = (await import(pathToFileURL(from.resolve("@vitejs/plugin-vue")).href)) as { default: (options?: object) => PluginOption };
  return plugin.default();
}

/** Every module of `entries` built as an app's production build would, one output file per module. */
async function productionBuild(root: string, entry: Record<string, string>, plugins: PluginOption[] = []): Promise<Rolldown.OutputChunk[]> {
  const output = (await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "silent",
    plugins,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    // Vite picks `production` over `development` from process.env.NODE_ENV, which is "test"
    // under Vitest: name the conditions an app's production build resolves.
    resolve: { conditions: ["module", "browser", "production"] },
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ["es"] },
      rolldownOptions: {
        // Only our own modules are searched; dependencies (and, for a binding, core and the
        // framework) keep their own messages. esm-env is bundled, not external: its `production`
        // condition is what makes DEV false and folds the sentences away (an external DEV stays a
        // runtime import, and nothing folds).
        external: (id) => !id.startsWith(".") && !id.startsWith("/") && !/^esm-env(\/|$)/.test(id),
        output: { minify: true, preserveModules: true },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(output) ? output : [output]).flatMap((o) => o.output.filter((c): c is Rolldown.OutputChunk => c.type === "chunk"));
}

/** The prose literals of `chunks` that are not allow-listed data, by output file (prefixed). */
function proseOf(chunks: readonly Rolldown.OutputChunk[], prefix = ""): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const fileName = `${prefix}${chunk.fileName}`;
    const prose = (chunk.code.match(LITERAL) ?? []).filter((literal) => PROSE.test(literal.slice(1, -1)) && !isData(fileName, literal));
    if (prose.length > 0) found[fileName] = prose.map((p) => (p.length > 90 ? `${p.slice(0, 90)}…` : p));
  }
  return found;
}

describe("a production build", () => {
  it("holds no message sentences: every one is written DEV ? … : \"\"", async () => {
    const chunks = await productionBuild(src(".."), entries);
    expect(chunks.length).toBeGreaterThan(50);
    expect(proseOf(chunks)).toEqual({});
  }, 120_000);

  it("of the Svelte and Vue bindings holds no message sentences either (core and the framework external)", async () => {
    const found: Record<string, string[]> = {};
    for (const pkg of ["svelte", "vue"] as const) {
      const root = fileURLToPath(new URL(`../../../${pkg}/`, import.meta.url));
      const chunks = await productionBuild(root, { index: `${root}src/index.ts` }, [await bindingPlugin(pkg)]);
      expect(chunks.length).toBeGreaterThan(10);
      // The build really is a production one: esm-env's DEV folded, not imported.
      expect(chunks.some((chunk) => chunk.code.includes("esm-env"))).toBe(false);
      Object.assign(found, proseOf(chunks, `${pkg}/`));
    }
    expect(found).toEqual({});
  }, 120_000);
});
