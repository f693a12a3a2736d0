// Public entry of @threadline/svelte: Svelte store-contract bindings over @threadline/core signals.
export { fromSignal } from "./fromSignal.js";
