// The Vue app (playground/vue) in Chromium: see suite.ts.
import { appSuite } from "./suite.js";

appSuite("vue");
