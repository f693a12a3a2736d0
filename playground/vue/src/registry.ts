import type { ComponentMap } from "@threadline/vue";
import { markRaw } from "vue";
import { WEATHER_COMPONENT, WEATHER_TOOL } from "../../shared/weather.js";
import RegisteredWeatherCard from "./RegisteredWeatherCard.vue";

/** Vue components for the names in shared/components.ts. */
export const registry: ComponentMap = markRaw({
  [WEATHER_COMPONENT]: RegisteredWeatherCard,
  [WEATHER_TOOL]: RegisteredWeatherCard,
});
