import { DEV } from "esm-env";
import { BindingError } from "../../binding-error.js";

// A name an HTML parser reads as one element or attribute name, and nothing else.
const ELEMENT_NAME = /^[a-zA-Z][a-zA-Z0-9-]*$/;
const ATTRIBUTE_NAME = /^[^\s"'<>/=\u0000-\u001f\u007f]+$/;

/**
 * `tag` once it is an element name (`li`, `my-bubble`), for a component that renders the element
 * the app names; else `BindingError` (`NOT_AN_ELEMENT_NAME`) naming `what` was called. Checked
 * before it reaches a server's HTML, where `li onclick=…` would be markup of the caller's making.
 */
export function checkedElementName(tag: unknown, what: string): string {
  if (typeof tag === "string" && ELEMENT_NAME.test(tag)) return tag;
  throw new BindingError("NOT_AN_ELEMENT_NAME", DEV ? `${what} needs \`tag\` to be an element name (letters, digits, "-")` : what, tag);
}

/**
 * `name` once it is an attribute name an HTML parser reads as one (`class`, `data-x`), else
 * `BindingError` (`NOT_AN_ELEMENT_NAME`) naming `what` was given it: the check `elementHtml` makes
 * of every attribute it writes, for a component that sets the attributes on an element it parsed.
 */
export function checkedAttributeName(name: string, what: string): string {
  if (ATTRIBUTE_NAME.test(name)) return name;
  throw new BindingError("NOT_AN_ELEMENT_NAME", DEV ? `${what} was given an attribute whose name is not one` : what, name);
}

/** An attribute value as the DOM holds it: undefined for one not set. */
export function attributeValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === false || typeof value === "function") return undefined;
  return value === true ? "" : String(value);
}

function escaped(text: string, quote: boolean): string {
  let out = text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  if (quote) out = out.replaceAll('"', "&quot;");
  return out;
}

/**
 * One element as HTML, `<tag name="value">text</tag>`, text and values escaped: what Svelte's
 * `<StreamingText>` renders on the server (the browser parses the bare element and sets its attributes), so that the message's
 * element is the component's only node. Functions (event handlers) and null, undefined or false
 * values are left out; an attribute name that is not one throws `BindingError`
 * (`NOT_AN_ELEMENT_NAME`).
 */
export function elementHtml(tag: string, attributes: Readonly<Record<string, unknown>>, text: string, what: string): string {
  let html = `<${tag}`;
  for (const name in attributes) {
    const value = attributeValue(attributes[name]);
    if (value === undefined) continue;
    checkedAttributeName(name, what);
    html += value === "" ? ` ${name}` : ` ${name}="${escaped(value, true)}"`;
  }
  return `${html}>${escaped(text, false)}</${tag}>`;
}
