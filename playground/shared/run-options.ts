// What the full-stack apps' URL asks of the scripted agent for each run, sent as forwardedProps:
// `?scenario=approval` picks the scenario, `?delay=40` slows every step to 40 ms (the e2e tests
// reload a page mid-answer with it).
export function runOptionsOf(query: URLSearchParams): Record<string, string | number> {
  const options: Record<string, string | number> = {};
  const scenario = query.get("scenario");
  if (scenario) options["scenario"] = scenario;
  const delay = Number(query.get("delay"));
  if (Number.isInteger(delay) && delay > 0 && delay <= 1000) options["delayMs"] = delay;
  return options;
}
