/**
 * The A2UI v0.9 basic catalog, as this renderer speaks it: the component types, which of their
 * properties are dynamic values (a literal, a `{ path }` binding or a `{ call }` function), and
 * which are URLs the URL policy checks. The components themselves are the bindings'.
 */

/** The basic catalog's ids: the spec names it both ways, and the middleware uses the first. */
export const A2UI_BASIC_CATALOG_IDS: readonly string[] = Object.freeze([
  "https://a2ui.org/specification/v0_9/basic_catalog.json",
  "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
]);

export const A2UI_BASIC_COMPONENTS = [
  "Text",
  "Image",
  "Icon",
  "Video",
  "AudioPlayer",
  "Row",
  "Column",
  "List",
  "Card",
  "Tabs",
  "Modal",
  "Divider",
  "Button",
  "TextField",
  "CheckBox",
  "ChoicePicker",
  "Slider",
  "DateTimeInput",
] as const;

export type A2uiBasicComponent = (typeof A2UI_BASIC_COMPONENTS)[number];

const BASIC = new Set<string>(A2UI_BASIC_COMPONENTS);

export function isBasicComponent(type: string): type is A2uiBasicComponent {
  return BASIC.has(type);
}

/** Top-level properties resolved as dynamic values, per basic component. */
export const DYNAMIC_PROPS: Readonly<Record<A2uiBasicComponent, readonly string[]>> = {
  Text: ["text"],
  Image: ["url", "description"],
  Icon: ["name"],
  Video: ["url"],
  AudioPlayer: ["url", "description"],
  Row: [],
  Column: [],
  List: [],
  Card: [],
  Tabs: [],
  Modal: [],
  Divider: [],
  Button: [],
  TextField: ["label", "value"],
  CheckBox: ["label", "value"],
  ChoicePicker: ["label", "value"],
  Slider: ["label", "value"],
  DateTimeInput: ["value", "label", "min", "max"],
};

/** Properties that are URLs a page will load. */
export const URL_PROPS: Readonly<Partial<Record<A2uiBasicComponent, string>>> = { Image: "url", Video: "url", AudioPlayer: "url" };

/** Arrays whose items have dynamic fields: `Tabs.tabs[].title`, `ChoicePicker.options[].label`. */
export const DYNAMIC_ITEM_FIELDS: Readonly<Partial<Record<A2uiBasicComponent, readonly [string, string]>>> = {
  Tabs: ["tabs", "title"],
  ChoicePicker: ["options", "label"],
};

/** The name of the Svelte / Vue component that draws each basic type (Row and Column share one). */
export const A2UI_RENDERERS = {
  Text: "A2uiText",
  Image: "A2uiImage",
  Icon: "A2uiIcon",
  Video: "A2uiVideo",
  AudioPlayer: "A2uiAudioPlayer",
  Row: "A2uiStack",
  Column: "A2uiStack",
  List: "A2uiList",
  Card: "A2uiCard",
  Tabs: "A2uiTabs",
  Modal: "A2uiModal",
  Divider: "A2uiDivider",
  Button: "A2uiButton",
  TextField: "A2uiTextField",
  CheckBox: "A2uiCheckBox",
  ChoicePicker: "A2uiChoicePicker",
  Slider: "A2uiSlider",
  DateTimeInput: "A2uiDateTimeInput",
} as const satisfies Record<A2uiBasicComponent, string>;
