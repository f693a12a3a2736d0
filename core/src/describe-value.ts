/**
 * One short phrase for a value in an error message: what was received where something else was
 * expected ("got the number 3"), or what was thrown ("TypeError: x is not a function"). Every stage
 * words its errors with this one function, so a value reads the same wherever it is reported. It
 * never prints a whole value: strings are cut at 40 characters, containers are named, not shown.
 *
 * `"message"` is the form for text that stands for the failure itself (a tool's error the agent
 * reads, a reason quoted in a sentence): an Error gives its bare message, a string itself.
 */
export function describeValue(value: unknown, form: "phrase" | "message" = "phrase"): string {
  if (value instanceof Error) {
    const inner = value.cause instanceof Error ? ` (${value.cause.message})` : "";
    return form === "message" ? value.message : `${value.name}: ${value.message}${inner}`;
  }
  if (form === "message" && typeof value === "string") return value;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case "number":
    case "boolean":
      return `the ${typeof value} ${String(value)}`;
    case "bigint":
      return `the bigint ${String(value)}n`;
    case "object": {
      // Error-like objects that are not Errors (a DOMException in some runtimes, a storage
      // library's failure record) are known by their message.
      const message = (value as { message?: unknown }).message;
      return typeof message === "string" ? message : "an object";
    }
    case "undefined":
      return "undefined";
    default:
      return `a ${typeof value}`;
  }
}
