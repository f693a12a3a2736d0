import { describeValue } from "../describe-value.js";

/**
 * Whether one AG-UI message holds what the protocol's message shapes allow: the verdict of
 * message-shapes.ts's `message` check in judging mode, for a list handed over whole (a thread's
 * initial messages, `setMessages`). That check, with the vocabulary behind it (shape.ts), also
 * removes unknown material and notes what it removed, which an event needs and a list handed over
 * whole does not: this one only says what is wrong, so a chat's first page need not carry the
 * other (it loads with the engine, which judges events). The test holds the two to the same
 * verdict and the same words.
 */

/** What a malformed field is: its message, worded as shape.ts's `ShapeViolation`. */
export class MessageFault extends Error {}

/** Judges `value` at `path`: false when it is an unrecognised member (its container drops it), throws a `MessageFault` when malformed. */
type Judge = (value: unknown, path: string) => boolean;

interface Shape {
  readonly label: string;
  /** Field → [judge, optional]. */
  readonly fields: ReadonlyMap<string, readonly [Judge, boolean]>;
  readonly required: readonly string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function malformed(path: string, expected: string, value: unknown): never {
  throw new MessageFault(`field ${path} must be ${expected}, but is ${describeValue(value)}`);
}

function missing(path: string): never {
  throw new MessageFault(`required field ${path} is missing`);
}

const leaf =
  (expected: string, accepts: (value: unknown) => boolean): Judge =>
  (value, path) =>
    accepts(value) || malformed(path, expected, value);

const text = leaf("a string", (v) => typeof v === "string");
const record = leaf("an object", isObject);
const present = leaf("any value but null", (v) => v !== null);
const isFunction = leaf('"function"', (v) => v === "function");

/** `fields`: name → judge; a name ending in `?` is optional. */
function shape(label: string, fields: Record<string, Judge>): Shape {
  const map = new Map<string, readonly [Judge, boolean]>();
  const required: string[] = [];
  for (const [spelled, judge] of Object.entries(fields)) {
    const optional = spelled.endsWith("?");
    const name = optional ? spelled.slice(0, -1) : spelled;
    map.set(name, [judge, optional]);
    if (!optional) required.push(name);
  }
  return { label, fields: map, required };
}

function judgeObject(value: unknown, of: Shape, path: string): boolean {
  if (!isObject(value)) malformed(path, `an object (${of.label})`, value);
  let seen = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const field = of.fields.get(key);
    const item = value[key];
    // Unknown fields are not a fault; an own `undefined` is an absent field.
    if (field === undefined || item === undefined) continue;
    if (!field[0](item, `${path}/${key}`)) {
      // An unrecognised required member takes its object with it.
      if (!field[1]) return false;
      continue;
    }
    if (!field[1]) seen++;
  }
  if (seen < of.required.length) {
    for (const name of of.required) {
      if (value[name] === undefined || !Object.prototype.hasOwnProperty.call(value, name)) missing(`${path}/${name}`);
    }
  }
  return true;
}

const object =
  (of: Shape): Judge =>
  (value, path) =>
    judgeObject(value, of, path);

/** A tagged union: an unknown tag is an unrecognised member; a missing or non-string one is malformed. */
function tagged(tag: string, label: string, members: Record<string, Shape>): Judge {
  const byTag = new Map(Object.entries(members));
  return (value, path) => {
    if (!isObject(value)) malformed(path, `an object (${label})`, value);
    const kind = value[tag];
    if (kind === undefined) missing(`${path}/${tag}`);
    if (typeof kind !== "string") malformed(`${path}/${tag}`, `a string naming the ${label} kind`, kind);
    const member = byTag.get(kind);
    return member === undefined ? false : judgeObject(value, member, path);
  };
}

/** A list: unrecognised elements are dropped and the list survives. */
const listOf =
  (element: Judge): Judge =>
  (value, path) => {
    if (!Array.isArray(value)) malformed(path, "an array", value);
    for (let i = 0; i < value.length; i++) element(value[i], `${path}/${i}`);
    return true;
  };

const source = tagged("type", "part source", {
  data: shape("data source", { type: text, value: text, mimeType: text }),
  url: shape("url source", { type: text, value: text, "mimeType?": text }),
  file: shape("file source", { type: text, value: text, "provider?": text, "mimeType?": text }),
});

const media = (kind: string): Shape => shape(`${kind} part`, { type: text, "id?": text, source, "metadata?": present });

// A retired `binary` part is an unknown kind here, as in the check without the legacy plug-in.
const parts = listOf(
  tagged("type", "content part", {
    text: shape("text part", { type: text, "id?": text, text, "metadata?": present }),
    image: media("image"),
    audio: media("audio"),
    video: media("video"),
    document: media("document"),
  }),
);

const content: Judge = (value, path) => typeof value === "string" || (Array.isArray(value) ? parts(value, path) : malformed(path, "a string or an array", value));

const toolCall = shape("tool call", {
  id: text,
  type: isFunction,
  function: object(shape("function call", { name: text, arguments: text })),
  "encryptedValue?": text,
  "metadata?": record,
});

const base = { id: text, role: text, "metadata?": record, "subagentRunId?": text };
const spoken = { ...base, content: text, "name?": text, "encryptedValue?": text };

const message = tagged("role", "message", {
  developer: shape("developer message", spoken),
  system: shape("system message", spoken),
  assistant: shape("assistant message", { ...base, "content?": text, "toolCalls?": listOf(object(toolCall)), "name?": text, "encryptedValue?": text }),
  user: shape("user message", { ...base, content, "name?": text, "encryptedValue?": text }),
  tool: shape("tool message", { ...base, content, toolCallId: text, "error?": text, "encryptedValue?": text }),
  activity: shape("activity message", { ...base, activityType: text, content: record }),
  reasoning: shape("reasoning message", { ...base, content: text, "encryptedValue?": text }),
});

/** Throws a `MessageFault` naming the first malformed field of `value`, found at `path` (`/3`). */
export function checkMessage(value: unknown, path: string): void {
  message(value, path);
}
