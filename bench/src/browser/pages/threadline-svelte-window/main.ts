// Threadline Svelte with <ThreadWindow> (issue 44): the same chat as threadline-svelte, only the
// rows in view drawn.
import { installHarness } from "../harness.js";
import { svelteLane } from "../threadline-svelte/lane.js";
import App from "./App.svelte";

installHarness("threadline-svelte-window", svelteLane(App, true));
