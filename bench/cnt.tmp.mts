import ts from "typescript";
const file = process.argv[2];
const program = ts.createProgram([file], { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, skipLibCheck: true, noEmit: true, allowImportingTsExtensions: true });
const checker = program.getTypeChecker();
const sf = program.getSourceFile(file)!;
const sym = checker.getSymbolAtLocation(sf)!;
const exps = checker.getExportsOfModule(sym);
let values = 0; const vals: string[] = [];
for (const e of exps) { const t = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e; if (t.flags & ts.SymbolFlags.Value) { values++; vals.push(e.name); } }
console.log(exps.length, "names", values, "values");
if (process.argv[3]) console.log(vals.sort().join(" "));
