import ts from "typescript";
const file = process.argv[2]!;
const program = ts.createProgram([file], { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, skipLibCheck: true, noEmit: true });
const checker = program.getTypeChecker();
const sym = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
const by = new Map<string, string[]>();
for (const e of checker.getExportsOfModule(sym)) { const t = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
  const f = t.declarations?.[0]?.getSourceFile().fileName.replace(/.*core\/src\//, "") ?? "?"; const k = (t.flags & ts.SymbolFlags.Value) ? "V:" : "";
  const key = f.split("/").slice(0, -1).join("/") || f; by.set(key, [...(by.get(key) ?? []), k + e.name]); }
for (const [k, v] of by) console.log(k, "::", v.join(" "));
