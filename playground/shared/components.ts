// The generative-UI components both apps register, framework-agnostic: core turns Tambo
// `WeatherCard` components, `WeatherCard` activities and `show_weather` tool calls into
// component nodes; each app maps the same names to its own card component.
import { createComponentRegistry, type ComponentRegistry } from "@threadline/core";
import { WEATHER_COMPONENT, WEATHER_PROPS_SCHEMA, WEATHER_TOOL } from "./weather.js";

export const components: ComponentRegistry = createComponentRegistry({
  [WEATHER_COMPONENT]: { description: "A weather card for one city.", propsSchema: WEATHER_PROPS_SCHEMA },
  [WEATHER_TOOL]: { description: "Shows the weather for a city as a card.", propsSchema: WEATHER_PROPS_SCHEMA },
});

/**
 * The registry as chat options. WORKAROUND (library gap): `ChatClientOptions` has no
 * `components` yet (a `Thread` takes one), so this is spread into the options untyped; until the
 * chat client passes it to its thread, `show_weather` calls stay plain tool calls and the apps
 * draw the card from the call's streamed arguments instead.
 */
export function componentRegistry(): Record<string, unknown> {
  return { components };
}
