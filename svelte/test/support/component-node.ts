// A generative-UI component node built by hand with the fields of the core's ComponentNode that
// the bindings read, so the renderer can be driven prop by prop without a stream.
import { signal, type Signal } from "@preact/signals-core";
import type { ComponentProps, ComponentStreaming, PropStatus } from "@threadline/core";
import type { ComponentNodeLike } from "../../src/index.js";

export interface TestComponentNode extends ComponentNodeLike {
  readonly props: Signal<ComponentProps>;
  readonly state: Signal<ComponentProps>;
  readonly streaming: Signal<ComponentStreaming>;
  readonly propStatus: Signal<Readonly<Record<string, PropStatus>>>;
}

export function componentNode(id: string, name: string, props: ComponentProps = {}): TestComponentNode {
  return {
    id,
    name,
    props: signal(props),
    state: signal({}),
    streaming: signal("pending"),
    propStatus: signal({}),
  };
}
