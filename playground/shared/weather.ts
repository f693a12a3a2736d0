// The generative weather card's props and how they read. Names match the scripted server:
// the Tambo component `WeatherCard`, the renderable tool `show_weather`, the activity type
// `WeatherCard`.

export const WEATHER_COMPONENT = "WeatherCard";
export const WEATHER_TOOL = "show_weather";

export interface ForecastDay {
  readonly day?: string;
  readonly high?: number;
  readonly low?: number;
  readonly condition?: string;
}

/** Everything optional: props stream in field by field. */
export interface WeatherProps {
  readonly city?: string;
  readonly temperature?: number;
  readonly unit?: string;
  readonly condition?: string;
  readonly humidity?: number;
  readonly windKph?: number;
  readonly forecast?: readonly ForecastDay[];
}

export const WEATHER_PROP_NAMES = ["city", "temperature", "unit", "condition", "humidity", "windKph", "forecast"] as const;

/** JSON Schema of the props, for a component registry. */
export const WEATHER_PROPS_SCHEMA = {
  type: "object",
  properties: {
    city: { type: "string" },
    temperature: { type: "number" },
    unit: { type: "string" },
    condition: { type: "string" },
    humidity: { type: "number" },
    windKph: { type: "number" },
    forecast: { type: "array", items: { type: "object" } },
  },
} as const;


/** Narrows whatever the stream gave to the card's props (anything malformed is left out). */
export function weatherProps(value: unknown): WeatherProps {
  if (typeof value !== "object" || value === null) return {};
  const v = value as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === "string" ? x : undefined);
  const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : undefined);
  return {
    city: text(v.city),
    temperature: num(v.temperature),
    unit: text(v.unit),
    condition: text(v.condition),
    humidity: num(v.humidity),
    windKph: num(v.windKph),
    forecast: Array.isArray(v.forecast)
      ? v.forecast.map((d) => {
          const day = (typeof d === "object" && d !== null ? d : {}) as Record<string, unknown>;
          return { day: text(day.day), high: num(day.high), low: num(day.low), condition: text(day.condition) };
        })
      : undefined,
  };
}
