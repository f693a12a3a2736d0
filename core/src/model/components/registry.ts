import { DEV } from "esm-env";
import { signal, type ReadonlySignal } from "@preact/signals-core";
import type { Tool } from "@ag-ui/core";
import { isObject, resolve } from "../../json/json-schema-reading.js";
import { ComponentRegistryError } from "./errors.js";

/**
 * The generative-UI components an app knows, by name, framework-agnostic: the Svelte and Vue
 * bindings map the same names to their own components. Core uses it for two things:
 * - a tool call whose tool name is registered renders as a component (its arguments are the
 *   props), in a thread created with `components: registry`;
 * - `propsSchema` says which props to expect, so they show as `pending` before they arrive, and
 *   undoes OpenAI strict-mode nulls in a renderable tool call's arguments.
 * `tools()` gives the AG-UI tool definitions to advertise the renderable components to the agent.
 */

/** A Standard Schema (zod 4, valibot, arktype…) that can export JSON Schema. */
export interface StandardJsonSchemaLike {
  readonly "~standard": {
    readonly vendor: string;
    readonly jsonSchema?: { readonly input: (options: { readonly target: string }) => unknown };
  };
}

export interface ComponentDefinition {
  readonly description?: string;
  /** JSON Schema of the props (an object schema), or a Standard Schema with a JSON Schema export. */
  readonly propsSchema?: Readonly<Record<string, unknown>> | StandardJsonSchemaLike;
  /**
   * For a ChatClient, when the agent calls this component's tool and does not answer the call
   * itself: after the client answers it with `{ "rendered": true }` (at the end of the run), the
   * agent is continued, as after a client tool. `false`: the card is the agent's last word; the
   * answer is still written (the history stays valid) but no follow-up run starts. Default true.
   */
  readonly followUp?: boolean;
  /**
   * For a ChatClient: the call is not answered automatically; it waits for
   * `chat.addToolResult` (a component that asks the user something), then the agent is
   * continued. Default false.
   */
  readonly awaitResult?: boolean;
}

export interface RegisteredComponent {
  readonly name: string;
  readonly description: string | undefined;
  /** The props' JSON Schema (converted once from a Standard Schema); undefined without one. */
  readonly jsonSchema: Readonly<Record<string, unknown>> | undefined;
  /** Top-level props the schema declares, in declaration order. */
  readonly propNames: readonly string[];
  /** See `ComponentDefinition.followUp` (default applied: true). */
  readonly followUp: boolean;
  /** See `ComponentDefinition.awaitResult` (default applied: false). */
  readonly awaitResult: boolean;
}

export interface ComponentRegistry {
  /**
   * Registers `name`; returns the function that unregisters it. Throws `ComponentRegistryError`
   * (`INVALID_COMPONENT`, `COMPONENT_ALREADY_REGISTERED`) with nothing registered. A thread
   * decides whether a tool call renders when the call starts: registering later does not turn
   * calls already folded into components.
   */
  register(name: string, definition?: ComponentDefinition): () => void;
  unregister(name: string): boolean;
  has(name: string): boolean;
  get(name: string): RegisteredComponent | undefined;
  /** The registered names in registration order; a new array on every change. */
  readonly names: ReadonlySignal<readonly string[]>;
  /** AG-UI `Tool` definitions (name, description, props schema as `parameters`), for `RunAgentInput.tools`. */
  tools(): Tool[];
}

const EMPTY_OBJECT_SCHEMA: Readonly<Record<string, unknown>> = Object.freeze({ type: "object", properties: {} });

class Registry implements ComponentRegistry {
  readonly #byName = new Map<string, RegisteredComponent>();
  readonly #namesSignal = signal<readonly string[]>(Object.freeze([]));
  readonly names: ReadonlySignal<readonly string[]> = this.#namesSignal;

  register(name: string, definition: ComponentDefinition = {}): () => void {
    if (typeof name !== "string" || name === "") {
      throw new ComponentRegistryError("INVALID_COMPONENT", String(name), DEV ? "register(name): the component name must be a non-empty string." : "");
    }
    if (this.#byName.has(name)) {
      throw new ComponentRegistryError("COMPONENT_ALREADY_REGISTERED", name, DEV ? `The component '${name}' is already registered; unregister it first.` : "");
    }
    if (typeof definition !== "object" || definition === null) {
      throw new ComponentRegistryError("INVALID_COMPONENT", name, DEV ? `register('${name}', definition): the definition must be an object.` : "");
    }
    const { description } = definition;
    if (description !== undefined && typeof description !== "string") {
      throw new ComponentRegistryError("INVALID_COMPONENT", name, DEV ? `register('${name}'): \`description\` must be a string.` : "");
    }
    const { followUp, awaitResult } = definition;
    if (followUp !== undefined && typeof followUp !== "boolean") {
      throw new ComponentRegistryError("INVALID_COMPONENT", name, DEV ? `register('${name}'): \`followUp\` must be a boolean.` : "");
    }
    if (awaitResult !== undefined && typeof awaitResult !== "boolean") {
      throw new ComponentRegistryError("INVALID_COMPONENT", name, DEV ? `register('${name}'): \`awaitResult\` must be a boolean.` : "");
    }
    const jsonSchema = toJsonSchema(name, definition.propsSchema);
    const entry: RegisteredComponent = Object.freeze({
      name,
      description,
      jsonSchema,
      propNames: Object.freeze(propNamesOf(jsonSchema)),
      followUp: followUp ?? true,
      awaitResult: awaitResult ?? false,
    });
    this.#byName.set(name, entry);
    this.#namesSignal.value = Object.freeze([...this.#byName.keys()]);
    return () => {
      if (this.#byName.get(name) === entry) this.unregister(name);
    };
  }

  unregister(name: string): boolean {
    if (!this.#byName.delete(name)) return false;
    this.#namesSignal.value = Object.freeze([...this.#byName.keys()]);
    return true;
  }

  has(name: string): boolean {
    return this.#byName.has(name);
  }

  get(name: string): RegisteredComponent | undefined {
    return this.#byName.get(name);
  }

  tools(): Tool[] {
    return Array.from(this.#byName.values(), (entry) => ({
      name: entry.name,
      description: entry.description ?? "",
      parameters: entry.jsonSchema ?? EMPTY_OBJECT_SCHEMA,
    }));
  }
}

/** A registry, optionally filled with `definitions` (name → definition). */
export function createComponentRegistry(definitions?: Readonly<Record<string, ComponentDefinition>>): ComponentRegistry {
  const registry = new Registry();
  if (definitions !== undefined) {
    for (const name of Object.keys(definitions)) registry.register(name, definitions[name]);
  }
  return registry;
}

function toJsonSchema(name: string, schema: unknown): Readonly<Record<string, unknown>> | undefined {
  if (schema === undefined) return undefined;
  if (!isObject(schema)) {
    throw new ComponentRegistryError("INVALID_COMPONENT", name, DEV ? `register('${name}'): \`propsSchema\` must be a JSON Schema object or a Standard Schema.` : "");
  }
  const standard = schema["~standard"];
  if (standard === undefined) return schema;
  const converter = isObject(standard) ? standard["jsonSchema"] : undefined;
  const input = isObject(converter) ? converter["input"] : undefined;
  if (typeof input !== "function") {
    throw new ComponentRegistryError(
      "INVALID_COMPONENT",
      name,
      DEV ? `register('${name}'): \`propsSchema\` is a Standard Schema without a JSON Schema export; pass JSON Schema instead.` : "",
    );
  }
  let converted: unknown;
  try {
    converted = (input as (options: { target: string }) => unknown)({ target: "draft-07" });
  } catch (error) {
    throw new ComponentRegistryError(
      "INVALID_COMPONENT",
      name,
      DEV ? `register('${name}'): converting \`propsSchema\` to JSON Schema failed: ${error instanceof Error ? error.message : String(error)}.` : "",
    );
  }
  if (!isObject(converted)) {
    throw new ComponentRegistryError("INVALID_COMPONENT", name, DEV ? `register('${name}'): \`propsSchema\` converted to something that is not a JSON Schema object.` : "");
  }
  return converted;
}

/** The keys of the object schema's `properties` (a top-level `$ref` is followed). */
function propNamesOf(schema: Readonly<Record<string, unknown>> | undefined): string[] {
  if (schema === undefined) return [];
  const resolved = resolve(schema, schema);
  if (!isObject(resolved)) return [];
  const properties = resolved["properties"];
  return isObject(properties) ? Object.keys(properties) : [];
}
