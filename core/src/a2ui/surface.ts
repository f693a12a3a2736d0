import { computed, signal, untracked, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { DEV } from "esm-env";
import { jsonEqual } from "../json/json-value.js";
import { DYNAMIC_ITEM_FIELDS, DYNAMIC_PROPS, URL_PROPS, isBasicComponent } from "./catalog.js";
import { A2uiDataModel } from "./data-model.js";
import { absolutePath } from "./data-path.js";
import { bindingPath, callFunction, functionCall, resolveValue } from "./dynamic.js";
import type { A2uiFunction } from "./functions.js";
import type { A2uiCreateSurface } from "./operations.js";
import type { A2uiLimits, A2uiWarning } from "./warnings.js";

/** A component as defined on the surface: its type and its properties as the agent wrote them. */
export interface A2uiComponentDef {
  readonly id: string;
  readonly type: string;
  readonly props: Readonly<Record<string, unknown>>;
}

/** A component ready to draw: its dynamic properties resolved, its URLs checked, its checks run. */
export interface A2uiView {
  readonly id: string;
  readonly type: string;
  /** The definition as the agent wrote it (bindings unresolved: what a two-way input writes back through). */
  readonly def: A2uiComponentDef;
  readonly props: Readonly<Record<string, unknown>>;
  /** The messages of the component's `checks` that fail now (an input's errors; a button is disabled while any fails). */
  readonly errors: readonly string[];
}

/** One child to render: a component id, and the data scope it reads relative paths from. */
export interface A2uiChild {
  /** Stable across renders: the id for a static child, the item key for a template's. */
  readonly key: string;
  readonly id: string;
  readonly scope: string;
}

/** A user action, as `@ag-ui/a2ui-middleware` reads it from `forwardedProps.a2uiAction.userAction`. */
export interface A2uiUserAction {
  readonly name: string;
  readonly surfaceId: string;
  readonly sourceComponentId: string;
  readonly timestamp: string;
  readonly context: Readonly<Record<string, unknown>>;
  /** The surface's whole data model, when it was created with `sendDataModel`. */
  readonly dataModel?: unknown;
}

/** What a surface needs from the `A2uiSurfaces` it belongs to. */
export interface A2uiSurfaceHost {
  readonly limits: A2uiLimits;
  readonly functions: Readonly<Record<string, A2uiFunction>>;
  /** Component types besides the basic catalog's that render (the app's). */
  knows(type: string): boolean;
  warn(warning: A2uiWarning): void;
  action(action: A2uiUserAction): void;
  openUrl(url: string): void;
  /** The URL to load for `url`, or null to refuse it. */
  urlPolicy(url: string, kind: "link" | "image"): string | null;
}

const NO_ERRORS: readonly string[] = Object.freeze([]);
const NO_CHILDREN: readonly A2uiChild[] = Object.freeze([]);

/**
 * One A2UI surface: its components by id (each a signal, so an update that redefines one component
 * re-renders that component only), its data model, theme and catalog. Made by `A2uiSurfaces`.
 */
export class A2uiSurface {
  readonly data: A2uiDataModel;
  readonly catalogId: Signal<string>;
  readonly theme: Signal<Readonly<Record<string, unknown>>>;
  readonly sendDataModel: boolean;
  /** The message that created the surface (where it renders). */
  readonly owner: string;
  readonly #components = new Map<string, Signal<A2uiComponentDef | undefined>>();
  #defined = 0;
  readonly #warnedTypes = new Set<string>();

  constructor(
    readonly id: string,
    create: A2uiCreateSurface,
    owner: string,
    private readonly host: A2uiSurfaceHost,
  ) {
    this.owner = owner;
    this.catalogId = signal(create.catalogId);
    this.theme = signal(create.theme ?? {});
    this.sendDataModel = create.sendDataModel === true;
    this.data = new A2uiDataModel(host.limits, (warning) => host.warn(warning), id);
  }

  get functions(): Readonly<Record<string, A2uiFunction>> {
    return this.host.functions;
  }

  get limits(): A2uiLimits {
    return this.host.limits;
  }

  warn(warning: A2uiWarning): void {
    this.host.warn(warning);
  }

  openUrl(url: string): void {
    const allowed = this.host.urlPolicy(url, "link");
    if (allowed === null) {
      this.warn({ code: "A2UI_UNSAFE_URL", message: DEV ? `openUrl refused '${url.slice(0, 80)}': the URL policy does not allow it.` : "", surfaceId: this.id });
      return;
    }
    this.host.openUrl(allowed);
  }

  /** The component `id` (a signal: undefined until defined). */
  component(id: string): ReadonlySignal<A2uiComponentDef | undefined> {
    let slot = this.#components.get(id);
    if (slot === undefined) this.#components.set(id, (slot = signal(undefined)));
    return slot;
  }

  /** How many components are defined. */
  get size(): number {
    return this.#defined;
  }

  /**
   * updateComponents: each component replaces the one with its id; one whose definition did not
   * change keeps its value, so nothing re-renders for it. Past `componentsPerSurface` the rest are
   * dropped (one warning).
   */
  define(components: readonly unknown[]): void {
    let refusedShape = 0;
    let overLimit = 0;
    for (const raw of components) {
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
        refusedShape++;
        continue;
      }
      const { id, component, ...props } = raw as Record<string, unknown>;
      const slot = typeof id === "string" && id !== "" ? this.#components.get(id) : undefined;
      const type = typeof component === "string" ? component : slot?.peek()?.type;
      if (typeof id !== "string" || id === "" || type === undefined) {
        refusedShape++;
        continue;
      }
      const before = slot?.peek();
      if (before === undefined && this.#defined >= this.host.limits.componentsPerSurface) {
        overLimit++;
        continue;
      }
      if (before !== undefined && before.type === type && jsonEqual(before.props, props)) continue;
      if (!isBasicComponent(type) && !this.host.knows(type) && !this.#warnedTypes.has(type)) {
        this.#warnedTypes.add(type);
        this.warn({ code: "A2UI_UNKNOWN_COMPONENT", message: DEV ? `The component type '${type}' (component '${id}') is in neither the basic catalog nor the app's components; it renders as the fallback.` : "", surfaceId: this.id, componentId: id });
      }
      if (before === undefined) this.#defined++;
      const def: A2uiComponentDef = Object.freeze({ id, type, props: Object.freeze(props) });
      if (slot === undefined) this.#components.set(id, signal<A2uiComponentDef | undefined>(def));
      else slot.value = def;
    }
    if (refusedShape > 0) {
      this.warn({ code: "A2UI_MALFORMED_OPERATION", message: DEV ? `updateComponents: ${refusedShape} component(s) had no string 'id' or no 'component' type and were dropped.` : "", surfaceId: this.id });
    }
    if (overLimit > 0) {
      this.warn({ code: "A2UI_LIMIT_EXCEEDED", message: DEV ? `updateComponents: the surface holds at most ${this.host.limits.componentsPerSurface} components (A2uiLimits.componentsPerSurface); ${overLimit} were dropped.` : "", surfaceId: this.id });
    }
  }

  /**
   * A signal of component `id` ready to draw, in `scope` (the template item it renders for): it
   * changes when the definition changes or a value it is bound to does, and for nothing else.
   */
  view(id: string, scope = "/"): ReadonlySignal<A2uiView | undefined> {
    const slot = this.component(id);
    return computed(() => {
      const def = slot.value;
      return def === undefined ? undefined : this.#resolve(def, scope);
    });
  }

  #resolve(def: A2uiComponentDef, scope: string): A2uiView {
    const props: Record<string, unknown> = { ...def.props };
    const basic = isBasicComponent(def.type);
    const dynamic = basic ? DYNAMIC_PROPS[def.type] : Object.keys(def.props).filter((key) => bindingPath(def.props[key]) !== undefined || functionCall(def.props[key]) !== undefined);
    for (const key of dynamic) if (Object.hasOwn(def.props, key)) props[key] = resolveValue(this, def.props[key], scope);
    if (basic) {
      const items = DYNAMIC_ITEM_FIELDS[def.type];
      if (items !== undefined && Array.isArray(def.props[items[0]])) {
        props[items[0]] = (def.props[items[0]] as unknown[]).map((item) =>
          typeof item === "object" && item !== null && !Array.isArray(item) ? { ...item, [items[1]]: resolveValue(this, (item as Record<string, unknown>)[items[1]], scope) } : item,
        );
      }
      const urlProp = URL_PROPS[def.type];
      if (urlProp !== undefined) props[urlProp] = this.#checkedUrl(props[urlProp], def.id);
    }
    const accessibility = def.props["accessibility"];
    if (typeof accessibility === "object" && accessibility !== null && !Array.isArray(accessibility)) {
      const a = accessibility as Record<string, unknown>;
      props["accessibility"] = { label: resolveValue(this, a["label"], scope), description: resolveValue(this, a["description"], scope) };
    }
    return { id: def.id, type: def.type, def, props, errors: this.#errors(def, scope) };
  }

  #checkedUrl(value: unknown, componentId: string): string | undefined {
    if (typeof value !== "string" || value === "") return undefined;
    const allowed = this.host.urlPolicy(value, "image");
    if (allowed !== null) return allowed;
    untracked(() =>
      this.warn({ code: "A2UI_UNSAFE_URL", message: DEV ? `Component '${componentId}': the URL '${value.slice(0, 80)}' is refused by the URL policy; nothing is loaded.` : "", surfaceId: this.id, componentId }),
    );
    return undefined;
  }

  #errors(def: A2uiComponentDef, scope: string): readonly string[] {
    const checks = def.props["checks"];
    if (!Array.isArray(checks) || checks.length === 0) return NO_ERRORS;
    const failed: string[] = [];
    for (const check of checks) {
      if (typeof check !== "object" || check === null) continue;
      const { condition, message } = check as Record<string, unknown>;
      if (!resolveValue(this, condition, scope)) failed.push(typeof message === "string" ? message : "Invalid value");
    }
    return failed.length === 0 ? NO_ERRORS : failed;
  }

  /**
   * A container's children: a list of ids (static), or a template `{ componentId, path }` that
   * renders `componentId` once per item of the list (or object) at `path`, each item its scope.
   * A template re-lists only when items are added or removed; at most `templateItems` render.
   */
  children(value: unknown, scope = "/"): ReadonlySignal<readonly A2uiChild[]> {
    if (Array.isArray(value)) {
      const list = value.filter((id): id is string => typeof id === "string").map((id, i) => ({ key: `${i}:${id}`, id, scope }));
      return signal(list);
    }
    if (typeof value === "object" && value !== null) {
      const { componentId, path } = value as Record<string, unknown>;
      if (typeof componentId === "string" && typeof path === "string") {
        const base = absolutePath(path, scope);
        const keys = this.data.keys(base);
        const made = new Map<string, A2uiChild>();
        let warned = false;
        return computed(() => {
          let current = keys.value;
          if (current.length > this.host.limits.templateItems) {
            if (!warned) {
              warned = true;
              untracked(() =>
                this.warn({ code: "A2UI_LIMIT_EXCEEDED", message: DEV ? `The template at '${base}' has ${current.length} items; ${this.host.limits.templateItems} render (A2uiLimits.templateItems).` : "", surfaceId: this.id, path: base }),
              );
            }
            current = current.slice(0, this.host.limits.templateItems);
          }
          return current.map((key) => {
            let child = made.get(key);
            if (child === undefined) made.set(key, (child = { key, id: componentId, scope: base === "/" ? `/${key}` : `${base}/${key}` }));
            return child;
          });
        });
      }
    }
    return signal(NO_CHILDREN);
  }

  /**
   * Writes what the user entered into the data model, when `bound` (the component's property as
   * the agent wrote it) is a `{ path }` binding. Returns whether it was written.
   */
  write(bound: unknown, scope: string, value: unknown): boolean {
    const path = bindingPath(bound);
    return path === undefined ? false : this.data.set(absolutePath(path, scope), value);
  }

  /**
   * Runs component `componentId`'s `action`: an `event` goes to the agent (its context resolved
   * now, in `scope`), a `functionCall` runs on the client.
   */
  dispatch(componentId: string, action: unknown, scope = "/"): void {
    if (typeof action !== "object" || action === null) return;
    const { event, functionCall: call } = action as Record<string, unknown>;
    if (typeof event === "object" && event !== null) {
      const { name, context } = event as Record<string, unknown>;
      if (typeof name !== "string") return;
      const resolved: Record<string, unknown> = {};
      if (typeof context === "object" && context !== null && !Array.isArray(context)) {
        for (const key of Object.keys(context)) {
          Object.defineProperty(resolved, key, { value: untracked(() => resolveValue(this, (context as Record<string, unknown>)[key], scope)), enumerable: true, writable: true, configurable: true });
        }
      }
      this.host.action({
        name,
        surfaceId: this.id,
        sourceComponentId: componentId,
        timestamp: new Date().toISOString(),
        context: resolved,
        ...(this.sendDataModel ? { dataModel: this.data.value } : {}),
      });
      return;
    }
    const fn = functionCall(call);
    if (fn !== undefined) {
      const args: Record<string, unknown> = {};
      for (const key of Object.keys(fn.args)) args[key] = untracked(() => resolveValue(this, fn.args[key], scope));
      untracked(() => callFunction(this, fn.call, args, scope));
    }
  }
}

/** Where a component renders: its surface, data scope, depth, and the components around it. */
export interface A2uiRenderContext {
  readonly surface: A2uiSurface;
  readonly id: string;
  readonly scope: string;
  readonly depth: number;
  readonly parent: A2uiRenderContext | undefined;
}

/**
 * The context for rendering `id` inside `parent` (or as a surface's root): "cycle" when `id` is one
 * of its own ancestors, "depth" past `renderDepth`; each is warned about once per place.
 */
export function enterComponent(parent: A2uiRenderContext | A2uiSurface, id: string, scope?: string): A2uiRenderContext | "cycle" | "depth" {
  if (parent instanceof A2uiSurface) return { surface: parent, id, scope: scope ?? "/", depth: 1, parent: undefined };
  const surface = parent.surface;
  for (let at: A2uiRenderContext | undefined = parent; at !== undefined; at = at.parent) {
    if (at.id === id && at.scope === (scope ?? parent.scope)) {
      surface.warn({ code: "A2UI_CYCLE", message: DEV ? `Component '${id}' contains itself; the repeat renders as the fallback.` : "", surfaceId: surface.id, componentId: id });
      return "cycle";
    }
  }
  if (parent.depth >= surface.limits.renderDepth) {
    surface.warn({ code: "A2UI_LIMIT_EXCEEDED", message: DEV ? `Component '${id}' is nested deeper than ${surface.limits.renderDepth} levels (A2uiLimits.renderDepth); it renders as the fallback.` : "", surfaceId: surface.id, componentId: id });
    return "depth";
  }
  return { surface, id, scope: scope ?? parent.scope, depth: parent.depth + 1, parent };
}
