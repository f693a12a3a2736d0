// The Svelte app (playground/svelte) in Chromium: see suite.ts.
import { appSuite } from "./suite.js";

appSuite("svelte");
