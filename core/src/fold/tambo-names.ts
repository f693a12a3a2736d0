/**
 * The CUSTOM names of Tambo's generative-UI events. Apart from their fold
 * (tambo-components.ts) so that a thread without the generative-UI plug-in can recognise them,
 * to warn once, without shipping the fold.
 */
export const TAMBO_EVENTS = Object.freeze({
  componentStart: "tambo.component.start",
  propsDelta: "tambo.component.props_delta",
  stateDelta: "tambo.component.state_delta",
  componentEnd: "tambo.component.end",
  awaitingInput: "tambo.run.awaiting_input",
  messageParent: "tambo.message.parent",
});

const NAMES: ReadonlySet<string> = new Set(Object.values(TAMBO_EVENTS));

export function isTamboEvent(name: string): boolean {
  return NAMES.has(name);
}
