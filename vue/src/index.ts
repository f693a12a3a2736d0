// Public entry of @threadline/vue: composables over @threadline/core signals.
export { useSignal } from "./useSignal.js";
