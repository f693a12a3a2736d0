import type { ComponentMap } from "@threadline/svelte";
import { WEATHER_COMPONENT, WEATHER_TOOL } from "../../shared/weather.js";
import RegisteredWeatherCard from "./RegisteredWeatherCard.svelte";

/** Svelte components for the names in shared/components.ts. */
export const registry: ComponentMap = {
  [WEATHER_COMPONENT]: RegisteredWeatherCard,
  [WEATHER_TOOL]: RegisteredWeatherCard,
};
