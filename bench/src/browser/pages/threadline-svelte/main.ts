// Threadline Svelte: @threadline/svelte stores over a core ChatClient, every message drawn.
import { installHarness } from "../harness.js";
import App from "./App.svelte";
import { svelteLane } from "./lane.js";

installHarness("threadline-svelte", svelteLane(App));
