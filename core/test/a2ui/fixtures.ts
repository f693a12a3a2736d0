// Operations shared by the Svelte and Vue renderer tests: one surface using every component of the
// basic catalog, and a surface of many bound texts.
export const BASIC_CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json";

export const create = (surfaceId: string, extra: object = {}) => ({ version: "v0.9", createSurface: { surfaceId, catalogId: BASIC_CATALOG, ...extra } });
export const components = (surfaceId: string, list: object[]) => ({ version: "v0.9", updateComponents: { surfaceId, components: list } });
export const data = (surfaceId: string, value: unknown, path?: string) => ({ version: "v0.9", updateDataModel: { surfaceId, ...(path === undefined ? {} : { path }), value } });

/** Every basic-catalog component, bound to a data model, on surface "all". */
export function everyComponent(): object[] {
  return [
    create("all", { theme: { primaryColor: "#aa3300", agentDisplayName: "Trip planner" } }),
    components("all", [
      { id: "root", component: "Column", children: ["title", "tabs", "row", "list", "card", "divider", "modal", "form"] },
      { id: "title", component: "Text", text: { path: "/title" }, variant: "h2" },
      { id: "tabs", component: "Tabs", tabs: [{ title: "Photo", child: "image" }, { title: { path: "/mediaTab" }, child: "media" }] },
      { id: "image", component: "Image", url: "https://example.com/cat.png", description: "A cat" },
      { id: "media", component: "Column", children: ["video", "audio"] },
      { id: "video", component: "Video", url: "https://example.com/clip.mp4" },
      { id: "audio", component: "AudioPlayer", url: "https://example.com/song.mp3", description: "A song" },
      { id: "row", component: "Row", justify: "spaceBetween", children: ["icon", "caption"] },
      { id: "icon", component: "Icon", name: "shoppingCart" },
      { id: "caption", component: "Text", text: "Total", variant: "caption" },
      { id: "list", component: "List", children: { componentId: "item", path: "/items" } },
      { id: "item", component: "Text", text: { path: "name" } },
      { id: "card", component: "Card", child: "cardText" },
      { id: "cardText", component: "Text", text: "In a card" },
      { id: "divider", component: "Divider" },
      { id: "modal", component: "Modal", trigger: "openLabel", content: "modalText" },
      { id: "openLabel", component: "Text", text: "More details" },
      { id: "modalText", component: "Text", text: "The details" },
      { id: "form", component: "Column", children: ["name", "agree", "seats", "when", "extras", "submit"] },
      { id: "name", component: "TextField", label: "Name", value: { path: "/form/name" }, checks: [{ condition: { call: "required", args: { value: { path: "/form/name" } } }, message: "Name is required" }] },
      { id: "agree", component: "CheckBox", label: "I agree", value: { path: "/form/agree" } },
      { id: "seats", component: "Slider", label: "Seats", min: 1, max: 9, value: { path: "/form/seats" } },
      { id: "when", component: "DateTimeInput", label: "Departure", enableDate: true, value: { path: "/form/when" } },
      { id: "extras", component: "ChoicePicker", label: "Extras", variant: "multipleSelection", options: [{ label: "Bag", value: "bag" }, { label: "Meal", value: "meal" }], value: { path: "/form/extras" } },
      { id: "submit", component: "Button", variant: "primary", child: "submitLabel", action: { event: { name: "book", context: { name: { path: "/form/name" }, seats: { path: "/form/seats" }, extras: { path: "/form/extras" } } } }, checks: [{ condition: { call: "required", args: { value: { path: "/form/name" } } }, message: "Fill in your name" }] },
      { id: "submitLabel", component: "Text", text: "Book" },
    ]),
    data("all", { title: "Your trip", mediaTab: "Media", items: [{ name: "Oslo" }, { name: "Bergen" }], form: { name: "", agree: false, seats: 2, when: "2026-03-01", extras: [] } }),
  ];
}

/** `n` texts bound to `/items/i/name` through a List template, on surface "many". */
export function manyBoundTexts(n: number): object[] {
  return [
    create("many"),
    components("many", [
      { id: "root", component: "List", children: { componentId: "row", path: "/items" } },
      { id: "row", component: "Text", text: { path: "name" } },
    ]),
    data("many", { items: Array.from({ length: n }, (_, i) => ({ name: `item ${i}` })) }),
  ];
}
