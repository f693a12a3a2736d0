// The generative-UI components both apps register, framework-agnostic: the chat client (given
// `components: generativeUi({ registry })`, which folds Tambo events too) turns Tambo
// `WeatherCard` components, `WeatherCard` activities and `show_weather` tool calls into component
// nodes, answers the rendered calls and stores the Tambo components; each app maps the same names
// to its own card.
import { createComponentRegistry, generativeUi } from "@threadline/core";
import { WEATHER_COMPONENT, WEATHER_PROPS_SCHEMA, WEATHER_TOOL } from "./weather.js";

export const components = generativeUi({
  registry: createComponentRegistry({
    [WEATHER_COMPONENT]: { description: "A weather card for one city.", propsSchema: WEATHER_PROPS_SCHEMA },
    [WEATHER_TOOL]: { description: "Shows the weather for a city as a card.", propsSchema: WEATHER_PROPS_SCHEMA },
  }),
});
