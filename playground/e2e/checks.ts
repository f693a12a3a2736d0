// Assertions on rendered pieces of the DOM contract.
import type { Locator } from "playwright-core";
import { expect } from "vitest";
import type { WeatherCardProps } from "../server/scenarios/weather-card.js";
import { TEST_ID } from "../shared/contract.js";
import type { AppPage } from "./harness.js";

/** The element's text as the DOM holds it (not as CSS lays it out). */
export function textOf(locator: Locator): Promise<string> {
  return locator.evaluate((el) => el.textContent ?? "");
}

/** The text of `html` once the browser has parsed it. */
export function renderedText(page: AppPage, html: string): Promise<string> {
  return page.page.evaluate((markup) => {
    const holder = document.createElement("div");
    holder.innerHTML = markup;
    return holder.textContent ?? "";
  }, html);
}

/** Every prop of the card is on screen, and the stream is over. */
export async function checkWeatherCard(card: Locator, props: WeatherCardProps, source: string): Promise<void> {
  expect(card.page().url()).toBeTruthy();
  await expect.poll(() => card.getAttribute("data-streaming")).toBe("false");
  expect(await card.getAttribute("data-testid")).toBe(TEST_ID.weatherCard);
  expect(await card.getAttribute("data-source")).toBe(source);
  expect(await card.getAttribute("data-city")).toBe(props.city);
  expect((await card.locator('[data-field="temperature"]').innerText()).trim()).toBe(`${props.temperature}°${props.unit}`);
  expect((await card.locator('[data-field="condition"]').innerText()).trim()).toBe(props.condition);
  expect((await card.locator('[data-field="humidity"]').innerText()).trim()).toBe(`${props.humidity}%`);
  expect((await card.locator('[data-field="wind"]').innerText()).trim()).toBe(`${props.windKph} km/h`);
  const days = await card.locator(".weather-day").allInnerTexts();
  expect(days.map((d) => d.replace(/\s+/g, " ").trim())).toEqual(props.forecast.map((d) => `${d.day} ${d.high}° / ${d.low}°`));
  expect(await card.locator(".skeleton").count()).toBe(0);
}
