// A generative-UI component node shaped as the core's ComponentNode will be (DESIGN.md): the
// bindings read it structurally, so the renderer is tested against exactly these fields.
import { signal, type Signal } from "@preact/signals-core";
import type { ArgumentStatus } from "@threadline/core";
import type { ComponentNodeLike, ComponentStreaming } from "../../src/index.js";

export interface TestComponentNode extends ComponentNodeLike {
  readonly props: Signal<object>;
  readonly state: Signal<object>;
  readonly streaming: Signal<ComponentStreaming>;
  readonly propStatus: Signal<Readonly<Record<string, ArgumentStatus>>>;
}

export function componentNode(id: string, name: string, props: object = {}): TestComponentNode {
  return {
    id,
    name,
    props: signal(props),
    state: signal({}),
    streaming: signal("started"),
    propStatus: signal({}),
  };
}
