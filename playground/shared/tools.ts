// Client tools: they run here, in the browser, when an agent calls them. The scripted server's
// client-tool scenario calls get_local_time; the Mastra agent calls get_weather.
import { defineTool, type ClientTool } from "@threadline/core";

interface LocalTimeArgs {
  includeTimeZone?: boolean;
}

export const getLocalTime = defineTool<LocalTimeArgs, string>({
  name: "get_local_time",
  description: "Reads the clock of the user's device.",
  parameters: {
    type: "object",
    properties: { includeTimeZone: { type: "boolean", description: "Name the time zone too." } },
  },
  execute: ({ includeTimeZone }) => {
    const now = new Date();
    const time = now.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    if (includeTimeZone !== true) return time;
    return `${time} (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
  },
});

interface WeatherArgs {
  city: string;
  unit?: "celsius" | "fahrenheit";
}

/** Pretends to read a weather station near the user: stable numbers per city. */
export const getWeather = defineTool<WeatherArgs, { city: string; sky: string; temperature: number; unit: string }>({
  name: "get_weather",
  description: "Reads the current weather for a city from the user's device.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    required: ["city"],
  },
  execute: ({ city, unit }) => {
    let hash = 0;
    for (const char of city) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    const celsius = 8 + (hash % 20);
    const skies = ["sunny", "cloudy", "rainy", "windy"];
    return {
      city,
      sky: skies[hash % skies.length] ?? "sunny",
      temperature: unit === "fahrenheit" ? Math.round(celsius * 1.8 + 32) : celsius,
      unit: unit ?? "celsius",
    };
  },
});

export const CLIENT_TOOLS: readonly ClientTool[] = [getLocalTime as ClientTool, getWeather as ClientTool];
