// Where the AG-UI fixture corpora live, and what a run does when they are not there. They sit
// outside the repository (../shared/conformance/agui/<version>, beside the clone in CI); a
// missing folder fails loudly in CI and is skipped, with one warning line, elsewhere.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { it } from "vitest";
import { EXPECTATION_KEYS, type ConformanceFixture } from "./fixture.js";

export const FIXTURES_ENV = "THREADLINE_AGUI_FIXTURES";

/** $THREADLINE_AGUI_FIXTURES/<version>, else ../shared/conformance/agui/<version> beside the checkout. */
export function fixtureDirectory(version: string): string {
  const fromEnv = process.env[FIXTURES_ENV];
  if (fromEnv) return resolve(fromEnv, version);
  const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
  return resolve(repoRoot, "..", "shared", "conformance", "agui", version);
}

/** Every `*.json` directly in `directory` (never `superseded/`), sorted by file name. */
export function loadFixtures(directory: string): ConformanceFixture[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      const fixture = JSON.parse(readFileSync(join(directory, file), "utf8")) as ConformanceFixture;
      if (`${fixture.name}.json` !== file) throw new Error(`${file}: name '${fixture.name}' does not match the file name`);
      for (const key of Object.keys(fixture.expect)) {
        if (!EXPECTATION_KEYS.has(key)) throw new Error(`${file}: unknown expectation key '${key}'`);
      }
      return fixture;
    });
}

function onCI(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/**
 * The corpus of `version`, or `undefined` when its folder is missing. Then, in CI, a test is
 * registered that fails naming the path and the override; elsewhere one warning line is printed
 * and the caller registers nothing. Call it while tests are being collected.
 */
export function openCorpus(version: string): ConformanceFixture[] | undefined {
  const directory = fixtureDirectory(version);
  if (existsSync(directory)) return loadFixtures(directory);
  const where = process.env[FIXTURES_ENV]
    ? `${directory} (from ${FIXTURES_ENV})`
    : `${directory} (the repository's ../shared/conformance/agui/${version})`;
  const message =
    `AG-UI ${version} conformance fixtures not found at ${where}. ` +
    `Put the corpus there, or set ${FIXTURES_ENV} to the directory that holds ${version}/.`;
  if (onCI()) {
    it(`finds the AG-UI ${version} conformance fixtures`, () => {
      throw new Error(message);
    });
  } else {
    console.warn(`[conformance] SKIPPED: ${message}`);
    // A file with no test at all is an error in Vitest; this one shows up as skipped.
    it.skip(`AG-UI ${version} conformance fixtures (not found: see the warning)`, () => undefined);
  }
  return undefined;
}
