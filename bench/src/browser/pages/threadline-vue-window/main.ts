// Threadline Vue with <ThreadWindow> (issue 44): the same chat as threadline-vue, only the rows
// in view drawn.
import { installHarness } from "../harness.js";
import { vueLane } from "../threadline-vue/lane.js";
import App from "./App.vue";

installHarness("threadline-vue-window", vueLane(App, true));
