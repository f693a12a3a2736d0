// Threadline Vue: @threadline/vue composables over a core ChatClient, every message drawn.
import { installHarness } from "../harness.js";
import App from "./App.vue";
import { vueLane } from "./lane.js";

installHarness("threadline-vue", vueLane(App));
