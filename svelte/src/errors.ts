// One error class for both bindings, defined in core: the same mistake raises the same code in
// @threadline/svelte and @threadline/vue.
export { BindingError } from "@threadline/core/model";
export type { BindingErrorCode } from "@threadline/core/model";
