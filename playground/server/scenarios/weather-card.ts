// A generative weather card whose props stream in: through Tambo's CUSTOM component events,
// through the arguments of a renderable tool call, or through AG-UI activity events.
import { EventType, type JsonPatchOperation, type RunAgentInput } from "@ag-ui/core";
import { lastUserText } from "../conversation.js";
import { RunIds, custom, runFinished, runStarted, textMessage, toolCall, toolResult } from "../events.js";
import { seededRandom } from "../random.js";
import { pause, type Scenario, type Step } from "../scenario.js";

export interface WeatherCardProps {
  city: string;
  temperature: number;
  unit: "C";
  condition: string;
  humidity: number;
  windKph: number;
  forecast: { day: string; high: number; low: number; condition: string }[];
}

export const COMPONENT_NAME = "WeatherCard";
export const TOOL_NAME = "show_weather";

const CONDITIONS = ["Sunny", "Partly cloudy", "Light rain showers", "Overcast", "Windy with clear spells"];
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** "weather in New York?" → "New York"; Lisbon when the message names no place. */
export function cityFrom(text: string): string {
  const match = /\b(?:in|for|at)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/u.exec(text);
  return match?.[1] ?? "Lisbon";
}

/** Made-up but stable weather: the same city always gets the same card. */
export function weatherFor(city: string): WeatherCardProps {
  const random = seededRandom(`weather:${city.toLowerCase()}`);
  const temperature = random.int(4, 31);
  const firstDay = random.int(0, DAYS.length - 1);
  return {
    city,
    temperature,
    unit: "C",
    condition: random.pick(CONDITIONS),
    humidity: random.int(35, 90),
    windKph: random.int(3, 40),
    forecast: [1, 2, 3].map((offset) => {
      const high = temperature + random.int(-3, 4);
      return {
        day: DAYS[(firstDay + offset) % DAYS.length] ?? "Mon",
        high,
        low: high - random.int(4, 9),
        condition: random.pick(CONDITIONS),
      };
    }),
  };
}

/**
 * The props as a series of JSON Patch batches, growing field by field the way a model writes
 * them: strings word by word (add, then replace with the longer text), numbers whole (adjacent
 * ones in one batch), the forecast as an empty array and then one `add /forecast/-` per day.
 */
export function* propsPatches(props: WeatherCardProps): Generator<JsonPatchOperation[]> {
  let scalars: JsonPatchOperation[] = [];
  for (const [key, value] of Object.entries(props)) {
    const path = `/${key}`;
    if (typeof value === "number") {
      scalars.push({ op: "add", path, value });
      continue;
    }
    if (scalars.length > 0) yield scalars;
    scalars = [];
    if (typeof value === "string") {
      const words = value.split(" ");
      for (let n = 1; n <= words.length; n++) {
        yield [{ op: n === 1 ? "add" : "replace", path, value: words.slice(0, n).join(" ") }];
      }
    } else if (Array.isArray(value)) {
      yield [{ op: "add", path, value: [] }];
      for (const item of value) yield [{ op: "add", path: `${path}/-`, value: item }];
    }
  }
  if (scalars.length > 0) yield scalars;
}

function* tamboCard(messageId: string, componentId: string, props: WeatherCardProps): Generator<Step> {
  yield custom("tambo.component.start", { messageId, componentId, componentName: COMPONENT_NAME });
  for (const operations of propsPatches(props)) {
    yield custom("tambo.component.props_delta", { componentId, operations });
  }
  // Component state is separate from props: the UI's own selection, seeded by the agent.
  yield custom("tambo.component.state_delta", { componentId, operations: [{ op: "add", path: "/selectedDay", value: 0 }] });
  yield custom("tambo.component.end", { componentId });
}

function* toolCard(ids: RunIds, messageId: string, props: WeatherCardProps): Generator<Step> {
  const toolCallId = ids.next("tool");
  yield* toolCall(toolCallId, TOOL_NAME, props, messageId);
  yield toolResult(ids.next("result"), toolCallId, JSON.stringify({ shown: true }));
}

function* activityCard(messageId: string, props: WeatherCardProps): Generator<Step> {
  const activityType = COMPONENT_NAME;
  yield { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType, content: {} };
  for (const patch of propsPatches(props)) {
    yield { type: EventType.ACTIVITY_DELTA, messageId, activityType, patch };
  }
}

function* fetchForecast(): Generator<Step> {
  yield { type: EventType.STEP_STARTED, stepName: "fetch_forecast" };
  yield pause(500);
  yield { type: EventType.STEP_FINISHED, stepName: "fetch_forecast" };
}

function* script(input: RunAgentInput, variant: string): Generator<Step> {
  const ids = new RunIds(input.runId);
  const props = weatherFor(cityFrom(lastUserText(input)));
  yield runStarted(input);
  yield* fetchForecast();
  if (variant === "both" || variant === "tambo") {
    const messageId = ids.next("msg");
    yield* textMessage(messageId, `Here is the current weather in ${props.city}:`);
    yield* tamboCard(messageId, ids.next("component"), props);
  }
  if (variant === "both" || variant === "tool") {
    const messageId = ids.next("msg");
    const lead = variant === "both" ? "And the same card again, drawn from the arguments of the" : "Showing it with the";
    yield* textMessage(messageId, `${lead} \`${TOOL_NAME}\` tool:`);
    yield* toolCard(ids, messageId, props);
  }
  if (variant === "activity") {
    yield* textMessage(ids.next("msg"), `Here is the current weather in ${props.city}, as an activity:`);
    yield* activityCard(ids.next("activity"), props);
  }
  yield runFinished(input);
}

export const weatherCard: Scenario = {
  name: "weather-card",
  title: "Weather card",
  description:
    "A weather card the agent draws in the chat, filling in field by field as the answer streams.",
  prompt: "What's the weather in Lisbon?",
  variants: [
    { name: "both", title: "Component and tool", description: "The card twice, built two different ways, one after the other." },
    { name: "tambo", title: "Component events", description: "The card arrives as Tambo-style component events." },
    { name: "tool", title: "Renderable tool", description: "The card is a tool call whose arguments fill it in." },
    { name: "activity", title: "Activity", description: "The card arrives as an AG-UI activity that is updated in place." },
  ],
  run: (input, context) => script(input, context.variant),
};
