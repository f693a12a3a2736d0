import { mount } from "svelte";
import "../../shared/app.css";
import App from "./App.svelte";

const target = document.getElementById("app");
if (target === null) throw new Error("index.html has no #app element");
mount(App, { target });
