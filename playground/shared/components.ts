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
 * The thread options for generative UI, to spread into the chat options. WORKAROUND (library
 * gap): the committed `ChatClientOptions` has neither `components` nor `tamboEvents` (only
 * `createThread` takes them; the chat client is gaining both), so they are spread in untyped.
 * Where the chat client does not hand them to its thread, Tambo component events are not
 * folded into components and `show_weather` calls stay plain tool calls (the apps then draw the
 * card from the call's streamed arguments). Once the options are typed, drop this function and
 * pass `{ components, tamboEvents: true }` directly.
 */
export function componentRegistry(): Record<string, unknown> {
  return { components, tamboEvents: true };
}
