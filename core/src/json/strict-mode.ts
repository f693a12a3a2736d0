import { admits, allowsNull, isObject, resolve, type SchemaObject } from "./json-schema-reading.js";

/**
 * Undoing OpenAI-style strict mode on tool arguments.
 *
 * Strict mode makes every optional parameter required and nullable, so the model sends `null`
 * for each one it would have left out. Read against the tool's original schema, the arguments
 * get back their intended shape:
 * - `null` for an optional field whose schema does not allow null is removed (or replaced by
 *   the schema's `default`, when it has one); a required field keeps its `null`;
 * - `null` stays wherever the schema allows it (`type: [..., "null"]`, `nullable: true`,
 *   `const: null`, an enum with null, an `anyOf`/`oneOf` branch that allows null, or `{}`);
 * - keys the schema does not know are dropped at every depth, unless `additionalProperties`
 *   (`true` or a schema) or `patternProperties` lets them in; an object schema that declares no
 *   properties at all (a free-form object) keeps every key;
 * - arrays are walked with `items` / `prefixItems` (or draft-07 tuple `items` + `additionalItems`);
 * - local `$ref`s (`#/$defs/…`, `#/definitions/…`, `#`) are followed; `allOf` branches are
 *   merged; an `anyOf`/`oneOf` is walked with the one branch that fits the value, and left alone
 *   when none or several fit (so a wrong guess never drops data).
 *
 * Pure: the input is never modified, and when nothing changes the input itself is returned, so
 * callers can compare by identity. Never throws, whatever the schema or value looks like.
 */
export function undoStrictMode(schema: unknown, value: unknown): unknown {
  return new StrictModeWalk(schema, undefined).walk(schema, value, 0);
}

/**
 * `undoStrictMode` for a stream of values of one tool call (`partialArgs` after each delta):
 * results are remembered per (sub-schema, object) pair, so an object seen before — an
 * untouched branch of a partial value from the incremental parser — costs one lookup.
 * The values must not be mutated after being passed in, and the schema must not change.
 */
export function createStrictModeUndo(schema: unknown): (value: unknown) => unknown {
  const walk = new StrictModeWalk(schema, new WeakMap());
  return (value) => walk.walk(schema, value, 0);
}

/** Values nested deeper than this are returned as they are (no stack overflow on deep input). */
const MAX_DEPTH = 256;

type Cache = WeakMap<object, WeakMap<object, unknown>>;

/** What an object schema (with its `allOf` and chosen union branch merged) says about keys. */
/** How a schema's parts were found for a value: the same for every value, or not. */
type Composition = "fixed" | "by-value" | "unsure";

interface ObjectView {
  properties: Map<string, unknown>;
  required: Set<string>;
  patterns: Array<[RegExp, unknown]>;
  /** For keys not in `properties` nor matched by a pattern. */
  additional: "unset" | "allow" | "drop" | { schema: unknown };
  /** A union could not be settled: keep unknown keys rather than guess. */
  unsure: boolean;
}

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

class StrictModeWalk {
  /**
   * Views of object schemas that do not depend on the value (no `anyOf`/`oneOf` to pick a branch
   * of), built once: a streamed value is walked after every delta, and rebuilding the view each
   * time (copying every declared property, compiling every pattern) cost more than the parse.
   */
  readonly #views = new WeakMap<object, ObjectView>();

  readonly #root: unknown;
  readonly #cache: Cache | undefined;
  constructor(
    root: unknown,
    cache: Cache | undefined,
  ) {
    this.#root = root;
    this.#cache = cache;
  }

  walk(schema: unknown, value: unknown, depth: number): unknown {
    if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return value;
    const s = resolve(schema, this.#root);
    if (!isObject(s)) return value;
    const memo = this.#cache?.get(s);
    const known = memo?.get(value);
    if (known !== undefined) return known;
    const result = Array.isArray(value) ? this.#walkArray(s, value, depth) : this.#walkObject(s, value as Record<string, unknown>, depth);
    if (this.#cache !== undefined) {
      let forSchema = memo;
      if (forSchema === undefined) this.#cache.set(s, (forSchema = new WeakMap()));
      forSchema.set(value, result);
    }
    return result;
  }

  #walkObject(s: SchemaObject, value: Record<string, unknown>, depth: number): unknown {
    const view = this.#viewOf(s, value);
    let out: Record<string, unknown> | undefined; // created at the first change
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const v = value[key];
      const field = this.#fieldSchema(view, key);
      let next: unknown = v;
      let keep = true;
      if (field === "drop") {
        keep = false;
      } else if (field !== "any") {
        if (v === null && !view.required.has(key) && !allowsNull(field, this.#root)) {
          const resolved = resolve(field, this.#root);
          if (isObject(resolved) && Object.hasOwn(resolved, "default")) next = resolved["default"];
          else keep = false;
        } else {
          next = this.walk(field, v, depth + 1);
        }
      }
      if (out === undefined && (!keep || next !== v)) {
        out = {};
        for (let j = 0; j < i; j++) setKey(out, keys[j] as string, value[keys[j] as string]);
      }
      if (out !== undefined && keep) setKey(out, key, next);
    }
    return out ?? value;
  }

  /** The schema for one key, `"any"` for a key kept as it is, `"drop"` for one to remove. */
  #fieldSchema(view: ObjectView, key: string): unknown {
    if (view.properties.has(key)) return view.properties.get(key);
    for (const [pattern, schema] of view.patterns) if (pattern.test(key)) return schema;
    const additional = view.additional;
    if (typeof additional === "object") return additional.schema;
    if (additional === "drop") return view.unsure ? "any" : "drop";
    if (additional === "allow") return "any";
    // Not said: drop keys unknown to a schema that lists its keys (a model's invention), keep
    // all keys of a free-form object.
    return view.properties.size > 0 || view.patterns.length > 0 ? (view.unsure ? "any" : "drop") : "any";
  }

  #viewOf(s: SchemaObject, value: unknown): ObjectView {
    const cached = this.#views.get(s);
    if (cached !== undefined) return cached;
    const view: ObjectView = { properties: new Map(), required: new Set(), patterns: [], additional: "unset", unsure: false };
    const composition = this.#eachPart(s, value, (node) => {
      const properties = node["properties"];
      if (isObject(properties)) {
        for (const key of Object.keys(properties)) if (!view.properties.has(key)) view.properties.set(key, properties[key]);
      }
      const required = node["required"];
      if (Array.isArray(required)) for (const key of required) if (typeof key === "string") view.required.add(key);
      const patterns = node["patternProperties"];
      if (isObject(patterns)) {
        for (const source of Object.keys(patterns)) {
          try {
            view.patterns.push([new RegExp(source, "u"), patterns[source]]);
          } catch {
            // a pattern JavaScript cannot read: it matches nothing here
          }
        }
      }
      const additional = node["additionalProperties"];
      if (additional === true || (isObject(additional) && Object.keys(additional).length === 0)) view.additional = "allow";
      else if (isObject(additional) && view.additional !== "allow") view.additional = { schema: additional };
      else if (additional === false && view.additional === "unset") view.additional = "drop";
      return false;
    });
    view.unsure = composition === "unsure";
    if (composition === "fixed") this.#views.set(s, view);
    return view;
  }

  /**
   * Calls `visit` on `s` and on each schema it is made of for `value` — its `allOf` parts and the
   * one union branch that fits — each once, `$ref`s resolved, until `visit` returns true. Says
   * whether a union was met (`by-value`: another value may be described otherwise) and whether
   * one had no single fitting branch (`unsure`).
   */
  #eachPart(s: SchemaObject, value: unknown, visit: (node: SchemaObject) => boolean): Composition {
    let composition: Composition = "fixed";
    const seen = new Set<object>();
    const work: unknown[] = [s];
    while (work.length > 0) {
      const node = resolve(work.pop(), this.#root);
      if (!isObject(node) || seen.has(node)) continue;
      seen.add(node);
      if (visit(node)) break;
      if (Array.isArray(node["allOf"])) for (const branch of node["allOf"]) work.push(branch);
      const union = node["anyOf"] ?? node["oneOf"];
      if (Array.isArray(union)) {
        const branch = this.#pickBranch(union, value);
        if (branch !== undefined) work.push(branch);
        if (composition !== "unsure") composition = branch === undefined ? "unsure" : "by-value";
      }
    }
    return composition;
  }

  /** The one union branch that fits `value`, or undefined when none or several do. */
  #pickBranch(branches: readonly unknown[], value: unknown): unknown {
    const fitting = branches.filter((branch) => !isNullOnly(branch, this.#root) && admits(branch, value, this.#root));
    if (fitting.length <= 1 || !isObject(value)) return fitting.length === 1 ? fitting[0] : undefined;
    // Several object branches. First keep those whose declared fields admit the values (a
    // `const` discriminator above all); if that is still several, those that know every key.
    // Nulls are skipped: strict mode puts them in every optional field, which is being undone.
    const entries = Object.entries(value).filter(([, v]) => v !== null);
    const views = fitting.map((branch) => this.#viewOf(resolve(branch, this.#root) as SchemaObject, value));
    const compatible = fitting.filter((_, i) =>
      entries.every(([key, v]) => {
        const field = (views[i] as ObjectView).properties.get(key);
        return field === undefined || admits(field, v, this.#root);
      }),
    );
    if (compatible.length <= 1) return compatible[0];
    const agreeing = compatible.filter((branch) => {
      const view = views[fitting.indexOf(branch)] as ObjectView;
      return entries.every(([key]) => this.#fieldSchema(view, key) !== "drop");
    });
    return agreeing.length === 1 ? agreeing[0] : undefined;
  }

  #walkArray(s: SchemaObject, value: readonly unknown[], depth: number): unknown {
    const schema = this.#arraySchema(s, value);
    if (schema === undefined) return value;
    const tuple = Array.isArray(schema["prefixItems"]) ? schema["prefixItems"] : Array.isArray(schema["items"]) ? schema["items"] : undefined;
    const rest = tuple === undefined ? schema["items"] : Array.isArray(schema["items"]) ? schema["additionalItems"] : schema["items"];
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const itemSchema = tuple !== undefined && i < tuple.length ? tuple[i] : rest;
      const next = itemSchema === undefined ? item : this.walk(itemSchema, item, depth + 1);
      if (out === undefined && next !== item) out = value.slice(0, i);
      if (out !== undefined) out.push(next);
    }
    return out ?? value;
  }

  /** The schema (itself, an `allOf` part or the fitting union branch) that describes items. */
  #arraySchema(s: SchemaObject, value: readonly unknown[]): SchemaObject | undefined {
    let found: SchemaObject | undefined;
    this.#eachPart(s, value, (node) => {
      if (Object.hasOwn(node, "items") || Object.hasOwn(node, "prefixItems")) found = node;
      return found !== undefined;
    });
    return found;
  }
}

function isNullOnly(schema: unknown, root: unknown): boolean {
  const s = resolve(schema, root);
  return isObject(s) && (s["type"] === "null" || (Object.hasOwn(s, "const") && s["const"] === null));
}
