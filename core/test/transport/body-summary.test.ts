// The few words an HTTP error's message carries about its body (the body stays on the error).
import { describe, expect, it } from "vitest";
import { summarizeBody } from "../../src/transport/body-summary.js";
import { excerpt } from "../../src/transport/excerpt.js";

describe("summarizeBody", () => {
  it("reads Threadline's handler body: code and message", () => {
    const body = JSON.stringify({ error: { code: "OWNER_REQUIRED", message: "Sign in to use this agent." } });
    expect(summarizeBody(excerpt(body))).toBe("OWNER_REQUIRED: Sign in to use this agent.");
  });

  it("reads h3's error JSON, pretty-printed with a stack trace, without the trace", () => {
    const body = JSON.stringify(
      { url: "/api/agent", statusCode: 500, statusMessage: "Server Error", message: "upstream is not a function", stack: ["at a (/app/x.js:1:1)", "at b (/app/y.js:2:2)"] },
      null,
      2,
    );
    const summary = summarizeBody(excerpt(body));
    expect(summary).toBe("Server Error: upstream is not a function");
    expect(summary).not.toContain("/app/");
  });

  it("reads a JSON body cut short by the excerpt (a long stack after the message)", () => {
    const body = JSON.stringify({ statusCode: 500, message: "boom \"quoted\"", stack: "x".repeat(5000) });
    const cut = excerpt(body);
    expect(() => JSON.parse(cut)).toThrow();
    expect(summarizeBody(cut)).toBe('boom "quoted"');
  });

  it("reads FastAPI's detail and a plain error string", () => {
    expect(summarizeBody('{"detail":"Not authenticated"}')).toBe("Not authenticated");
    expect(summarizeBody('{"error":"model overloaded","retryAfter":30}')).toBe("model overloaded");
  });

  it("names an HTML page by its title, else its first heading, never its markup", () => {
    expect(summarizeBody(excerpt("<!DOCTYPE html>\n<html><head><title>404: Not Found</title></head><body><h1>Nope</h1></body></html>"))).toBe('an HTML page ("404: Not Found")');
    expect(summarizeBody("<html><body><h1>Please   log in</h1></body></html>")).toBe('an HTML page ("Please log in")');
    expect(summarizeBody("<html><body><p>x</p></body></html>")).toBe("an HTML page");
  });

  it("keeps the first line of anything else, shortened", () => {
    expect(summarizeBody(excerpt("upstream connect error\r\nreset reason: overflow"))).toBe("upstream connect error");
    const long = summarizeBody("word ".repeat(100));
    expect(long.length).toBe(120);
    expect(long.endsWith("…")).toBe(true);
    expect(summarizeBody("")).toBe("no body");
    expect(summarizeBody('{"ok":false}')).toBe('{"ok":false}');
  });
});
