// Builds a small form from an interrupt's `responseSchema` (flat object schemas: strings,
// numbers, integers, booleans) and turns what the user typed into the resume payload.
import type { Interrupt } from "@threadline/core";

export interface FormField {
  readonly name: string;
  readonly label: string;
  readonly kind: "text" | "number" | "checkbox";
  readonly required: boolean;
  readonly integer: boolean;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly initial: string | boolean;
}

export function fieldsOf(interrupt: Interrupt): FormField[] {
  const schema = interrupt.responseSchema as { properties?: Record<string, Record<string, unknown>>; required?: string[] } | undefined;
  const properties = schema?.properties;
  if (properties === undefined || typeof properties !== "object") {
    return [{ name: "answer", label: "Your answer", kind: "text", required: true, integer: false, min: undefined, max: undefined, initial: "" }];
  }
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  return Object.entries(properties).map(([name, property]) => {
    const type = property.type;
    const kind = type === "boolean" ? "checkbox" : type === "integer" || type === "number" ? "number" : "text";
    const initial = property.default;
    return {
      name,
      label: typeof property.title === "string" ? property.title : name,
      kind,
      required: required.has(name),
      integer: type === "integer",
      min: typeof property.minimum === "number" ? property.minimum : undefined,
      max: typeof property.maximum === "number" ? property.maximum : undefined,
      initial: kind === "checkbox" ? initial === true : initial === undefined ? "" : String(initial),
    };
  });
}

/** The payload for `resume`: numbers parsed, empty optional fields left out. */
export function payloadOf(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === "checkbox") payload[field.name] = value === true;
    else if (field.kind === "number") {
      // Number inputs bound by a framework may hand over a number already.
      const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      if (Number.isFinite(number)) payload[field.name] = field.integer ? Math.round(number) : number;
    } else if (typeof value === "string" && value.trim() !== "") payload[field.name] = value.trim();
  }
  return payload;
}

/** Interrupts the form answers: those not about a tool call (those show as approval buttons). */
export function questionInterrupts(interrupts: readonly Interrupt[]): Interrupt[] {
  return interrupts.filter((interrupt) => interrupt.toolCallId === undefined);
}
