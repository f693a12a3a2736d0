// The root of @threadline/core is what an application imports (issue 18: at most about 110 names,
// 40 of them values). This test pins the list, so a name cannot join the root without someone
// writing it down here, and checks that every name moved off the root is still exported by the
// subpath the changelog sends users to. Counted the way TypeScript sees the module: a name is a
// value when its (aliased) declaration is one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const CORE = join(import.meta.dirname, "..");
const SRC = join(CORE, "src");

/** The budget. The lists below stay well under it: other plug-ins will want root names. */
const MAX_NAMES = 110;
const MAX_VALUES = 40;

const ROOT_VALUES = [
  "AgentRunError",
  "ChatClient",
  "ChatInputError",
  "EventType",
  "HttpAgent",
  "PersistenceError",
  "ProtocolError",
  "ThreadlineError",
  "ToolExecutionError",
  "TransportError",
  "broadcastPresence",
  "chatAttachments",
  "chatPersistence",
  "createComponentRegistry",
  "createThread",
  "defineTool",
  "errorCodes",
  "errorStage",
  "foldEvents",
  "followRuns",
  "fromAgent",
  "fromEvents",
  "generativeUi",
  "indexedDbStorage",
  "legacyProtocol",
  "localStorageAdapter",
  "memoryStorage",
  "messageBranches",
  "partialArgsParser",
  // the send queue plug-in (issue 38): an app's chat option, like the plug-ins beside it
  "sendQueue",
  "strictModeUndo",
  "subagentLanes",
  "warnToConsole",
];

const ROOT_TYPES = [
  "AGUIEvent",
  "AgUiAgentLike",
  "AgentCapabilities",
  "AgentSource",
  "ApprovalResponse",
  "ArgumentStatus",
  "AssistantMessageNode",
  "AssistantPart",
  "Attachment",
  "AttachmentInput",
  "Branches",
  "ChatClientOptions",
  "ChatStatus",
  "ClientTool",
  "ComponentDefinition",
  "ComponentNode",
  "ComponentPart",
  "ComponentProps",
  "ComponentRegistry",
  "ComponentSnapshot",
  "ComponentStreaming",
  "ErrorCode",
  "ErrorStage",
  "HttpAgentOptions",
  "Interrupt",
  "Message",
  "MessageInput",
  "MessageNode",
  "Middleware",
  "PersistenceAdapter",
  "PropStatus",
  // what chat.sendQueue hands out, for the app's queue UI
  "QueuedMessage",
  "ResumeEntry",
  "RunAgentInput",
  "RunUsage",
  "SendQueue",
  "StageErrorCode",
  "StateUpdater",
  "StatusNote",
  "SubagentLane",
  "SubagentStatus",
  "TextPart",
  "Thread",
  "ThreadSnapshot",
  "ThreadStatus",
  "ThreadlineWarning",
  "TokenTotals",
  "Tool",
  "ToolCallNode",
  "ToolCallPart",
  "ToolCallSnapshot",
  "ToolCallStatus",
  "ToolExecuteContext",
  "ToolMessageNode",
  "ToolResultInput",
  "TurnResult",
  "UserMessageNode",
  "WarningHandler",
];

/** What left the root in 0.2 (see .changeset/small-root-api.md), and the subpath each is on now. */
const MOVED: Readonly<Record<string, string>> = {
  // values
  createPipeline: "pipeline",
  customInterrupts: "pipeline",
  MiddlewareError: "pipeline",
  PipelineError: "pipeline",
  ThreadlineProtocolError: "pipeline",
  foldEvent: "fold",
  createThreadStore: "fold",
  FoldError: "fold",
  ThreadlineFoldError: "fold",
  BindingError: "model",
  ComponentError: "model",
  ModelError: "model",
  subscribeText: "model",
  RunError: "run",
  ToolError: "tools",
  MaxStepsError: "chat",
  // types
  AGUIEventOf: "protocol",
  BaseEvent: "protocol",
  Context: "protocol",
  RunFinishedOutcome: "protocol",
  ToolCall: "protocol",
  HttpHeaders: "transport",
  TransportErrorCode: "transport",
  CustomInterruptsOptions: "pipeline",
  Pipeline: "pipeline",
  PipelineOptions: "pipeline",
  ProtocolErrorCode: "pipeline",
  FoldErrorCode: "fold",
  FoldEventsResult: "fold",
  BindingErrorCode: "model",
  ComponentErrorCode: "model",
  ComponentNodeLike: "model",
  ThreadStore: "model",
  ChatPersistenceOptions: "chat",
  ChatPresenceOptions: "chat",
  AttachmentOptions: "chat",
  JsonSchema: "tools",
  StandardSchemaLike: "tools",
  ToolArgumentReading: "tools",
  IndexedDbStorageOptions: "persist",
  PersistenceErrorCode: "persist",
  StorageLike: "persist",
};

interface ModuleApi {
  readonly values: string[];
  readonly types: string[];
  readonly deprecated: string[];
}

let program: ts.Program;

/** The names a module exports, split into values and types, as the checker resolves them. */
function apiOf(path: string): ModuleApi {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path);
  if (source === undefined) throw new Error(`not in the program: ${path}`);
  const module = checker.getSymbolAtLocation(source)!;
  const values: string[] = [];
  const types: string[] = [];
  const deprecated: string[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
    if (target.getJsDocTags(checker).some((tag) => tag.name === "deprecated")) deprecated.push(symbol.name);
  }
  return { values: values.sort(), types: types.sort(), deprecated };
}

const folderIndex = (folder: string) => join(SRC, folder, "index.ts");
const FOLDERS = [...new Set(Object.values(MOVED))];

beforeAll(() => {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  program = ts.createProgram([join(SRC, "index.ts"), ...FOLDERS.map(folderIndex)], options);
}, 60_000);

describe("the @threadline/core root", () => {
  it("exports exactly the pinned names (add a name here, with the reason, or put it on a subpath)", () => {
    const root = apiOf(join(SRC, "index.ts"));
    expect(root.values).toEqual([...ROOT_VALUES].sort());
    expect(root.types).toEqual([...ROOT_TYPES].sort());
  });

  it(`stays within the budget: at most ${MAX_NAMES} names, ${MAX_VALUES} of them values`, () => {
    const root = apiOf(join(SRC, "index.ts"));
    expect(root.values.length + root.types.length).toBeLessThanOrEqual(MAX_NAMES);
    expect(root.values.length).toBeLessThanOrEqual(MAX_VALUES);
    // The README's API section states the figures; it must say what this test measures.
    const readme = readFileSync(join(CORE, "../README.md"), "utf8");
    const stated = /\*\*(\d+) names, (\d+) of them values\*\*/.exec(readme);
    expect(stated?.slice(1).map(Number)).toEqual([root.values.length + root.types.length, root.values.length]);
  });

  it("holds at run time the values the checker reads, and no more", async () => {
    const module = await import("../src/index.js");
    expect(Object.keys(module).sort()).toEqual([...ROOT_VALUES].sort());
  });

  it("only re-exports folders' APIs (and the error system, which no folder owns)", () => {
    const text = readFileSync(join(SRC, "index.ts"), "utf8");
    const file = ts.createSourceFile("index.ts", text, ts.ScriptTarget.Latest, true);
    const from: string[] = [];
    for (const statement of file.statements) {
      expect(ts.isExportDeclaration(statement), statement.getText().slice(0, 60)).toBe(true);
      from.push(((statement as ts.ExportDeclaration).moduleSpecifier as ts.StringLiteral).text);
    }
    expect(from.filter((specifier) => !/^\.\/[a-z]+\/index\.js$/.test(specifier) && specifier !== "./errors.js")).toEqual([]);
  });
});

describe("names moved off the root", () => {
  it("are on the subpath the changelog names, and that subpath is in core's exports map", () => {
    const root = apiOf(join(SRC, "index.ts"));
    const exportsMap = JSON.parse(readFileSync(join(CORE, "package.json"), "utf8")).exports as Record<string, unknown>;
    const misplaced: string[] = [];
    for (const [name, folder] of Object.entries(MOVED)) {
      const api = apiOf(folderIndex(folder));
      if ([...root.values, ...root.types].includes(name)) misplaced.push(`${name} is still on the root`);
      if (![...api.values, ...api.types].includes(name)) misplaced.push(`${name} is not exported by @threadline/core/${folder}`);
      if (!(`./${folder}` in exportsMap)) misplaced.push(`./${folder} is not in core/package.json exports`);
    }
    expect(misplaced).toEqual([]);
  });

  it("keep their kind: a moved value is still a value there, a moved type still a type", () => {
    const movedValues = ["createPipeline", "foldEvent", "createThreadStore", "subscribeText", "BindingError", "ThreadlineFoldError"];
    for (const name of movedValues) expect(apiOf(folderIndex(MOVED[name]!)).values, name).toContain(name);
  });

  it("the deprecated error aliases moved with their note and are still the stage classes", async () => {
    expect(apiOf(folderIndex("pipeline")).deprecated).toContain("ThreadlineProtocolError");
    expect(apiOf(folderIndex("fold")).deprecated).toContain("ThreadlineFoldError");
    const pipeline = await import("../src/pipeline/index.js");
    const fold = await import("../src/fold/index.js");
    expect(pipeline.ThreadlineProtocolError).toBe(pipeline.ProtocolError);
    expect(fold.ThreadlineFoldError).toBe(fold.FoldError);
  });
});
