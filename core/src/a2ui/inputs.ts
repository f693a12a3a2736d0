/**
 * What the Svelte and Vue input components both decide from a component's resolved properties:
 * which native control to use and how a user's choice becomes the value written back.
 */

/** TextField's control: a textarea for `longText`, else an input of this type. */
export function textFieldType(variant: unknown): "textarea" | "text" | "number" | "password" {
  switch (variant) {
    case "longText":
      return "textarea";
    case "number":
      return "number";
    case "obscured":
      return "password";
    default:
      return "text";
  }
}

/** DateTimeInput's control: date and time, date only, time only (neither flag: date). */
export function dateTimeType(props: Readonly<Record<string, unknown>>): "datetime-local" | "date" | "time" {
  const date = props["enableDate"] === true;
  const time = props["enableTime"] === true;
  return date && time ? "datetime-local" : time ? "time" : "date";
}

/** An ISO 8601 value as the native control reads it (`2026-01-16T14:30:00Z` → `2026-01-16T14:30` for datetime-local). */
export function dateTimeInputValue(value: unknown, type: "datetime-local" | "date" | "time"): string {
  if (typeof value !== "string") return "";
  if (type === "date") return value.slice(0, 10);
  if (type === "time") return /T(\d\d:\d\d)/.exec(value)?.[1] ?? value.slice(0, 5);
  return value.slice(0, 16);
}

export interface A2uiOption {
  readonly label: string;
  readonly value: string;
}

/** ChoicePicker's options, the malformed ones left out. */
export function choiceOptions(options: unknown): readonly A2uiOption[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((o) => {
    if (typeof o !== "object" || o === null) return [];
    const { label, value } = o as Record<string, unknown>;
    return typeof value === "string" ? [{ label: typeof label === "string" ? label : value, value }] : [];
  });
}

/** The selected values (a list of strings; anything else is nothing selected). */
export function selectedValues(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The selection after the user checks or unchecks `option`. */
export function toggleChoice(current: unknown, option: string, checked: boolean, exclusive: boolean): string[] {
  if (exclusive) return checked ? [option] : [];
  const selected = selectedValues(current).filter((v) => v !== option);
  return checked ? [...selected, option] : selected;
}

export interface A2uiTab {
  readonly title: string;
  readonly child: string;
}

/** Tabs' tabs, the malformed ones left out. */
export function tabList(tabs: unknown): readonly A2uiTab[] {
  if (!Array.isArray(tabs)) return [];
  return tabs.flatMap((t) => {
    if (typeof t !== "object" || t === null) return [];
    const { title, child } = t as Record<string, unknown>;
    return typeof child === "string" ? [{ title: typeof title === "string" ? title : String(title ?? ""), child }] : [];
  });
}

/** The tab index a key moves to in a tablist (arrows wrap, Home/End), or undefined for other keys. */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case "ArrowRight":
      return (index + 1) % count;
    case "ArrowLeft":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}

/** A text for a value shown as text (numbers, booleans; objects as JSON; nothing as ""). */
export function displayText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Flex settings for Row/Column/List: the catalog's words as CSS values. */
export function flexStyle(props: Readonly<Record<string, unknown>>): string {
  const justify: Record<string, string> = { start: "flex-start", end: "flex-end", center: "center", spaceBetween: "space-between", spaceAround: "space-around", spaceEvenly: "space-evenly", stretch: "stretch" };
  const align: Record<string, string> = { start: "flex-start", end: "flex-end", center: "center", stretch: "stretch" };
  const j = typeof props["justify"] === "string" && Object.hasOwn(justify, props["justify"]) ? justify[props["justify"]] : undefined;
  const a = typeof props["align"] === "string" && Object.hasOwn(align, props["align"]) ? align[props["align"]] : undefined;
  return [j === undefined ? "" : `justify-content:${j}`, a === undefined ? "" : `align-items:${a}`].filter(Boolean).join(";");
}

/** A DOM id for a part of a rendered component (label targets, error lists), unique per surface, item and component. */
export function elementId(context: { readonly surface: { readonly id: string }; readonly id: string; readonly scope: string }, part: string): string {
  return `a2ui-${context.surface.id}-${context.scope}-${context.id}-${part}`.replace(/[^A-Za-z0-9_-]/g, "_");
}
