// fast-json-patch's entry builds a default export out of all its modules, which keeps all of them
// in every bundle that imports a single name from it. The devtools import the diff module file
// itself; the package types it only under its extensionless name, so this maps the `.mjs` path to
// its own declarations.
declare module "fast-json-patch/module/duplex.mjs" {
  export * from "fast-json-patch/module/duplex";
}
