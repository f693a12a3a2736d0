// The panel's DOM is built with these two functions: no framework, nothing global.

type Child = Node | string | number | false | null | undefined;
export type Attributes = Record<string, string | number | boolean | undefined | EventListener>;

/**
 * `el("button", { class: "tab", onclick: fn }, "Events")`. Attributes named `on…` become
 * listeners; `true` sets a boolean attribute, `false`/`undefined` leaves it out; text is escaped
 * by the DOM (children are text nodes), so event payloads can never inject markup.
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "value" && "value" in node) (node as HTMLInputElement).value = String(value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/** JSON for reading: indented, long strings kept whole, `undefined` shown as such. */
export function json(value: unknown): string {
  if (value === undefined) return "undefined";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A value in a collapsible block. */
export function jsonBlock(label: string, value: unknown, open = false): HTMLDetailsElement {
  return el("details", { class: "json", open }, el("summary", {}, label), el("pre", {}, json(value)));
}
