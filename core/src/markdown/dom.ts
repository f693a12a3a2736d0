import type { MarkdownNode, MarkdownWidget, WidgetView } from "./tree.js";

/**
 * Markdown nodes to DOM, and the patch that brings existing DOM in line with new nodes while
 * keeping every node that did not change: a text that grew gets `appendData`, an element of the
 * same tag keeps its identity (and its children are patched in turn), a widget of the same kind
 * is told its new props. Only what differs is replaced.
 */

const views = new WeakMap<Node, { readonly kind: string; readonly view: WidgetView<unknown> }>();

export function createNode(document: Document, node: MarkdownNode): Node {
  if (typeof node === "string") return document.createTextNode(node);
  if ("kind" in node) return createWidget(document, node);
  const element = document.createElement(node.tag);
  if (node.attrs !== undefined) for (const name in node.attrs) element.setAttribute(name, node.attrs[name]!);
  for (const child of node.children) element.append(createNode(document, child));
  return element;
}

function createWidget(document: Document, widget: MarkdownWidget): Node {
  const view = widget.view(document, widget.props);
  views.set(view.element, { kind: widget.kind, view });
  return view.element;
}

/** Destroys the widgets in a subtree leaving the document. */
export function release(node: Node): void {
  const entry = views.get(node);
  if (entry !== undefined) {
    views.delete(node);
    entry.view.destroy();
    return;
  }
  for (let child = node.firstChild; child !== null; child = child.nextSibling) release(child);
}

/** What a patch did, for the benchmark's and the tests' counters. */
export interface PatchCounts {
  /** Nodes created in place of, or in addition to, existing ones. */
  created: number;
  /** Existing nodes removed (replaced or no longer there). */
  removed: number;
}

/**
 * Makes the children of `parent` from `start` on match `nodes`. With `exact`, children past the
 * last node are removed; without, only the first `nodes.length` children are patched (the rest
 * belong to later blocks).
 */
export function patchChildren(parent: Node, start: Node | null, nodes: readonly MarkdownNode[], exact: boolean, counts: PatchCounts): void {
  const document = parent.ownerDocument!;
  let current = start;
  for (const node of nodes) {
    if (current === null) {
      parent.appendChild(createNode(document, node));
      counts.created++;
      continue;
    }
    current = patchNode(parent, current, node, counts).nextSibling;
  }
  if (!exact) return;
  while (current !== null) {
    const next = current.nextSibling;
    release(current);
    parent.removeChild(current);
    counts.removed++;
    current = next;
  }
}

/**
 * Makes the `count` (at least one) children of `parent` from `first` on match `nodes`: pairs
 * patched in place, the rest added or removed. Returns the range's new first and last nodes
 * (null when `nodes` is empty).
 */
export function patchRange(parent: Node, first: Node, count: number, nodes: readonly MarkdownNode[], counts: PatchCounts): { first: Node | null; last: Node | null } {
  let after: Node | null = first;
  for (let i = 0; i < count && after !== null; i++) after = after.nextSibling;
  let current: Node | null = first;
  let placedFirst: Node | null = null;
  let placedLast: Node | null = null;
  for (let i = 0; i < nodes.length; i++) {
    let placed: Node;
    if (i < count && current !== null && current !== after) {
      placed = patchNode(parent, current, nodes[i]!, counts);
      current = placed.nextSibling;
    } else {
      placed = parent.insertBefore(createNode(parent.ownerDocument!, nodes[i]!), after);
      counts.created++;
    }
    placedFirst ??= placed;
    placedLast = placed;
  }
  while (current !== null && current !== after && nodes.length < count) {
    const next: Node | null = current.nextSibling;
    release(current);
    parent.removeChild(current);
    counts.removed++;
    current = next;
  }
  return { first: placedFirst, last: placedLast };
}

/** Patches `existing` into `node`; returns the node now in its place. */
export function patchNode(parent: Node, existing: Node, node: MarkdownNode, counts: PatchCounts): Node {
  if (typeof node === "string") {
    if (existing.nodeType === 3) {
      const text = existing as Text;
      const data = text.data;
      if (data === node) return text;
      if (node.length > data.length && node.startsWith(data)) text.appendData(node.slice(data.length));
      else text.data = node;
      return text;
    }
  } else if ("kind" in node) {
    const entry = views.get(existing);
    if (entry !== undefined && entry.kind === node.kind) {
      entry.view.update(node.props);
      return existing;
    }
  } else if (existing.nodeType === 1 && (existing as Element).localName === node.tag && !views.has(existing)) {
    const element = existing as Element;
    patchAttributes(element, node.attrs);
    patchChildren(element, element.firstChild, node.children, true, counts);
    return element;
  }
  const replacement = createNode(parent.ownerDocument!, node);
  release(existing);
  parent.replaceChild(replacement, existing);
  counts.created++;
  counts.removed++;
  return replacement;
}

function patchAttributes(element: Element, attrs: Readonly<Record<string, string>> | undefined): void {
  const present = element.attributes;
  const names = attrs === undefined ? [] : Object.keys(attrs);
  let same = present.length === names.length;
  for (let i = 0; same && i < names.length; i++) same = present[i]!.name === names[i];
  if (!same) {
    // Attributes in the order a fresh drawing has them (markup compares equal, not only the DOM).
    for (let i = present.length - 1; i >= 0; i--) element.removeAttribute(present[i]!.name);
  }
  for (const name of names) if (element.getAttribute(name) !== attrs![name]) element.setAttribute(name, attrs![name]!);
}

/** The widget view drawn as `node`, if it is one. */
export function viewOf(node: Node): WidgetView<unknown> | undefined {
  return views.get(node)?.view;
}
