// The scripted server's scenarios (GET /scenarios), and what to suggest on the Mastra backend,
// whose agent picks its behaviour from the words of the message.

export interface ScenarioVariant {
  readonly name: string;
  readonly title: string;
  readonly description: string;
}

export interface ScenarioInfo {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly prompt: string;
  readonly variants: readonly ScenarioVariant[];
  /** The thread is loaded by an AG-UI connect before the first message (the long thread). */
  readonly connects: boolean;
}

export async function fetchScenarios(origin: string, signal?: AbortSignal): Promise<ScenarioInfo[]> {
  const response = await fetch(`${origin}/scenarios`, signal === undefined ? {} : { signal });
  if (!response.ok) throw new Error(`GET ${origin}/scenarios answered ${response.status}`);
  const body = (await response.json()) as { scenarios?: unknown };
  if (!Array.isArray(body.scenarios)) throw new Error(`GET ${origin}/scenarios did not list scenarios`);
  return body.scenarios as ScenarioInfo[];
}

export const MASTRA_PROMPTS: readonly { readonly title: string; readonly prompt: string }[] = [
  { title: "Client tool", prompt: "What's the weather in Lyon?" },
  { title: "Reasoning", prompt: "Think about what two and two make." },
  { title: "Model error", prompt: "Please fail halfway through." },
  { title: "Echo", prompt: "Hello from the playground!" },
];
