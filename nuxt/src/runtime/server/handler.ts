// The route itself (mounted at `threadline.route` and below it, for `/connect` and `/capabilities`).
import { defineEventHandler } from "h3";
import { useNitroApp } from "nitropack/runtime";
import { activeRoute } from "./active-route.js";

export default defineEventHandler((event) => activeRoute(useNitroApp()).serve(event));
