// fast-json-patch's entry builds a default export out of all its modules, which keeps all of them
// (the observe/compare half too) in every bundle that imports a single name from it. Threadline
// imports the module files themselves; the package types them only under extensionless names, so
// these map the `.mjs` paths to its own declarations.
declare module "fast-json-patch/module/core.mjs" {
  export * from "fast-json-patch/module/core";
}
declare module "fast-json-patch/module/helpers.mjs" {
  export * from "fast-json-patch/module/helpers";
}
declare module "fast-json-patch/module/duplex.mjs" {
  export * from "fast-json-patch/module/duplex";
}
