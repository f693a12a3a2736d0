// One API for Svelte and Vue: the same exported names, from same-named files, with the same
// return shapes — Svelte's runes reads (also stores) where Vue has refs, holding the same values. Fails as soon as one package exports a name
// the other does not (besides the deprecated Svelte names).
import { readFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { signal } from "@preact/signals-core";
import { ChatClient, createThread, fromEvents, type ToolCallNode } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import ts from "typescript";
import { expect, test, vi } from "vitest";
import * as svelteApi from "../src/index.js";
import * as vueApi from "../../vue/src/index.js";
import { subagentLane } from "./support/subagent-lane.js";

const here = dirname(fileURLToPath(import.meta.url));
const SVELTE_SRC = join(here, "../src");
const VUE_SRC = join(here, "../../vue/src");

/** The names issue 18 lists; both packages export each of them. */
const SHARED = [
  "useChat",
  "provideChat",
  "injectChat",
  "useSignal",
  "useMessageText",
  "useMessageParts",
  "useAttachments",
  "useToolCall",
  "useSubagent",
  "useStateAt",
  "useComponentProps",
  "useComponentState",
  "useComponentStatus",
  "provideComponents",
  "injectComponentNode",
  "StreamingText",
  "StreamingMarkdown",
  "ThreadComponent",
  "ThreadWindow",
  "BindingError",
  // Svelte's action, Vue's directive (`v-stream-text`): the same job, each framework's form.
  "streamText",
];
const SVELTE_ONLY: string[] = [];
/** Svelte's names before the two bindings shared one API, each an alias of its new name. */
const DEPRECATED: Readonly<Record<string, string>> = {
  createChat: "useChat",
  fromSignal: "useSignal",
  select: "useStateAt",
  toolCall: "useToolCall",
  messageText: "useMessageText",
  getChatContext: "injectChat",
  setChatContext: "provideChat",
  componentProps: "useComponentProps",
  componentState: "useComponentState",
  getComponentNode: "injectComponentNode",
};
const DEPRECATED_TYPES = ["Chat", "CreateChatOptions", "ThreadSource"];
/** Types both export under the same name. */
const SHARED_TYPES = [
  "UseChatOptions",
  "UseChatReturn",
  "ThreadView",
  "StateHost",
  "ComponentNodeLike",
  "ComponentMap",
  "FallbackProps",
  "BindingErrorCode",
  "ThreadWindowHandle",
];
/** Types that describe a framework's own return shape (stores vs refs), named for it. */
const OWN_TYPES = {
  // The components map of StreamingMarkdown: Svelte components on one side, Vue components on the other.
  // SignalStore: `.current` and the store contract, where Vue has SignalRef; the *Fields types are
  // the runes reads of several signals, *Stores their `stores`.
  svelte: [
    "SignalStore",
    "ThreadStore",
    "ToolCallStore",
    "ToolCallView",
    "ComponentStatusFields",
    "ComponentStatusStores",
    "SubagentFields",
    "SubagentStores",
    "MarkdownComponentMap",
  ],
  vue: ["SignalRef", "ToolCallField", "ToolCallRefs", "SubagentField", "SubagentRefs", "NodeSource", "Disposable", "FieldRefs", "MarkdownComponentMap"],
};

interface Exported {
  readonly name: string;
  readonly file: string;
  readonly type: boolean;
}

/** Every name `index.ts` re-exports, with the file it comes from, read with TypeScript's parser. */
function exportsOf(src: string): Exported[] {
  const text = readFileSync(join(src, "index.ts"), "utf8");
  const file = ts.createSourceFile("index.ts", text, ts.ScriptTarget.Latest, true);
  const found: Exported[] = [];
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || statement.exportClause === undefined || !ts.isNamedExports(statement.exportClause)) {
      expect.fail(`${src}/index.ts: only named re-exports are expected, got: ${statement.getText().slice(0, 60)}`);
    }
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    for (const element of statement.exportClause.elements) {
      found.push({ name: element.name.text, file: basename(from, extname(from)), type: statement.isTypeOnly || element.isTypeOnly });
    }
  }
  return found;
}

/** Whether the declaration of `name` in `file` carries a `@deprecated` tag. */
function isDeprecated(src: string, file: string, name: string): boolean {
  const path = join(src, `${file}.ts`);
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText())
      : ts.isTypeAliasDeclaration(statement) || ts.isFunctionDeclaration(statement)
        ? [statement.name?.text]
        : [];
    if (names.includes(name)) return ts.getJSDocTags(statement).some((tag) => tag.tagName.text === "deprecated");
  }
  return false;
}

const svelte = exportsOf(SVELTE_SRC);
const vue = exportsOf(VUE_SRC);
const values = (list: Exported[]) => list.filter((e) => !e.type).map((e) => e.name);
const types = (list: Exported[]) => list.filter((e) => e.type).map((e) => e.name);
const sorted = (names: Iterable<string>) => [...names].sort();

test("the two packages export the same values, besides the deprecated Svelte names", () => {
  const svelteValues = values(svelte).filter((name) => !SVELTE_ONLY.includes(name) && !(name in DEPRECATED));
  expect(sorted(svelteValues)).toEqual(sorted(values(vue)));
  expect(sorted(values(vue))).toEqual(sorted(SHARED));
  // What the parser read is what the modules export at run time.
  expect(sorted(Object.keys(svelteApi))).toEqual(sorted(values(svelte)));
  expect(sorted(Object.keys(vueApi))).toEqual(sorted(values(vue)));
});

test("each shared value comes from a file of the same name in both packages", () => {
  const fileOf = (list: Exported[], name: string) => list.find((e) => e.name === name)?.file;
  for (const name of SHARED) expect({ name, file: fileOf(svelte, name) }).toEqual({ name, file: fileOf(vue, name) });
});

test("types: the shared ones in both, every other one named as a framework's own", () => {
  for (const name of SHARED_TYPES) {
    expect(types(svelte)).toContain(name);
    expect(types(vue)).toContain(name);
  }
  expect(sorted(types(svelte))).toEqual(sorted([...SHARED_TYPES, ...OWN_TYPES.svelte, ...DEPRECATED_TYPES]));
  expect(sorted(types(vue))).toEqual(sorted([...SHARED_TYPES, ...OWN_TYPES.vue]));
});

test("the deprecated Svelte names are marked @deprecated and are the new functions", () => {
  for (const [old, current] of Object.entries(DEPRECATED)) {
    const entry = svelte.find((e) => e.name === old);
    expect(entry, old).toBeDefined();
    expect(isDeprecated(SVELTE_SRC, entry!.file, old), `${old} is @deprecated`).toBe(true);
    expect((svelteApi as Record<string, unknown>)[old], old).toBe((svelteApi as Record<string, unknown>)[current]);
  }
  for (const old of DEPRECATED_TYPES) {
    const entry = svelte.find((e) => e.name === old)!;
    expect(isDeprecated(SVELTE_SRC, entry.file, old), `${old} is @deprecated`).toBe(true);
  }
});

test("BindingError is one class (core's) in both packages", () => {
  expect(svelteApi.BindingError).toBe(vueApi.BindingError);
});

/** A Vue ref (Vue marks each with `__v_isRef`; this package does not depend on vue to import `isRef`). */
function isRef(value: unknown): value is { readonly value: unknown } {
  return typeof value === "object" && value !== null && (value as { __v_isRef?: unknown }).__v_isRef === true;
}

/** Svelte's runes read of each of Vue's refs, compared by value; the names are the same. */
function expectSameReads(svelte: object, vue: object, what: string, count: number): void {
  const reads = svelte as Record<string, unknown>;
  let compared = 0;
  for (const [key, ref] of Object.entries(vue)) {
    if (!isRef(ref)) continue;
    expect(key in svelte, `${what}.${key}`).toBe(true);
    expect(reads[key], `${what}.${key}`).toEqual(ref.value);
    compared++;
  }
  expect(compared, `${what}: refs compared`).toBe(count);
}

test("useChat, useToolCall, useSubagent and useComponentStatus: the same fields, holding the same values (Svelte's runes reads, Vue's refs)", () => {
  const client = new ChatClient({ agent: fromEvents([]), messages: [{ id: "u1", role: "user", content: "Hi" }], state: { todos: [] } });
  // Outside a component both work; Vue says its dispose() is now the caller's (a dev warning).
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const fromSvelte = svelteApi.useChat({ chat: client });
  const fromVue = vueApi.useChat({ chat: client });
  // `stores`: Svelte's store per field, for `$` code (Vue's refs are its one form).
  expect(sorted(Object.keys(fromSvelte).filter((key) => key !== "stores"))).toEqual(sorted(Object.keys(fromVue)));
  const refs = Object.entries(fromVue).filter(([, value]) => isRef(value)).map(([key]) => key);
  expect(sorted(Object.keys(fromSvelte.stores))).toEqual(sorted(refs.filter((key) => key !== "chat")));
  const { thread, ...reads } = fromSvelte;
  expectSameReads({ ...reads, thread: { threadId: thread.threadId, messages: thread.messages, status: thread.status } }, fromVue, "useChat()", refs.length);
  expect(fromSvelte.messages.map((m) => m.id)).toEqual(["u1"]);

  const node = { id: "c", name: "card", props: signal({}), state: signal({}), streaming: signal("pending" as const), propStatus: signal({ a: "streaming" as const }), error: signal(undefined) };
  const svelteStatus = svelteApi.useComponentStatus(node);
  const vueStatus = vueApi.useComponentStatus(node);
  expect(sorted(Object.keys(svelteStatus).filter((key) => key !== "stores"))).toEqual(sorted(Object.keys(vueStatus).filter((key) => key !== "dispose")));
  expectSameReads(svelteStatus, vueStatus, "useComponentStatus()", 3);
  vueStatus.dispose();

  const call = toolCallNode();
  const svelteCall = svelteApi.useToolCall(call);
  const vueCall = vueApi.useToolCall(call);
  // Svelte's tool call is also the `$call` store of the whole view, id included.
  expect(sorted(Object.keys(svelteCall).filter((key) => !["id", "subscribe", "stores"].includes(key)))).toEqual(
    sorted(Object.keys(vueCall).filter((key) => key !== "dispose")),
  );
  expectSameReads(svelteCall, vueCall, "useToolCall()", 8);
  expect(svelteCall.name).toBe("search");
  vueCall.dispose();

  const lane = subagentLane();
  const svelteLane = svelteApi.useSubagent(lane);
  const vueLane = vueApi.useSubagent(lane);
  expect(sorted(Object.keys(svelteLane).filter((key) => key !== "stores"))).toEqual(sorted(Object.keys(vueLane).filter((key) => key !== "dispose")));
  expect(sorted(Object.keys(svelteLane.stores))).toEqual(sorted(Object.keys(svelteLane).filter((key) => key !== "stores")));
  expectSameReads(svelteLane, vueLane, "useSubagent()", 8);
  expect(svelteLane.name).toBe("researcher");
  vueLane.dispose();

  fromVue.dispose();
  fromSvelte.dispose();
  client.dispose();
  warn.mockRestore();
});

function toolCallNode(): ToolCallNode {
  const thread = createThread({ threadId: "t" });
  foldEvent(thread, { type: "RUN_STARTED", threadId: "t", runId: "r" } as never);
  foldEvent(thread, { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "search" } as never);
  return thread.toolCall("c1")!;
}
