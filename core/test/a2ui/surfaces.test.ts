import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { createA2uiSurfaces, type A2uiUserAction, type A2uiWarning } from "../../src/a2ui/index.js";
import { createThread } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { basicCatalogSamples } from "./samples.js";

const CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json";
const create = (surfaceId: string, extra: object = {}) => ({ version: "v0.9", createSurface: { surfaceId, catalogId: CATALOG, ...extra } });
const components = (surfaceId: string, list: object[]) => ({ version: "v0.9", updateComponents: { surfaceId, components: list } });
const data = (surfaceId: string, value: unknown, path?: string) => ({ version: "v0.9", updateDataModel: { surfaceId, ...(path === undefined ? {} : { path }), value } });

function collect() {
  const warnings: A2uiWarning[] = [];
  const actions: A2uiUserAction[] = [];
  const surfaces = createA2uiSurfaces({ onWarning: (w) => warnings.push(w), onAction: (a) => actions.push(a) });
  return { surfaces, warnings, actions };
}

describe("A2UI surfaces", () => {
  it("apply every basic-catalog sample @a2ui/web_core ships without a warning, every component defined", () => {
    const samples = basicCatalogSamples();
    expect(samples.length).toBeGreaterThan(30);
    for (const sample of samples) {
      const { surfaces, warnings } = collect();
      surfaces.apply(sample.messages, "m");
      expect(warnings, sample.file).toEqual([]);
      for (const surface of surfaces.all.value.values()) {
        const ids = sample.messages.flatMap((m) => ((m["updateComponents"] as { surfaceId: string; components: { id: string }[] } | undefined)?.surfaceId === surface.id ? (m["updateComponents"] as { components: { id: string }[] }).components.map((c) => c.id) : []));
        for (const id of ids) expect(surface.view(id).value, `${sample.file} ${id}`).toBeDefined();
      }
    }
  });

  it("resolves bindings, templates and functions from the data model", () => {
    const { surfaces } = collect();
    surfaces.apply([
      create("s"),
      components("s", [
        { id: "root", component: "List", children: { componentId: "row", path: "/items" } },
        { id: "row", component: "Text", text: { path: "name" } },
        { id: "total", component: "Text", text: { call: "formatString", args: { value: "${/items/0/name} and ${pluralize(value:${/count}, one:'one more', other:'others')}" } } },
        { id: "money", component: "Text", text: { call: "formatCurrency", args: { value: { path: "/price" }, currency: "EUR", decimals: 2 } } },
      ]),
      data("s", { items: [{ name: "Ada" }, { name: "Linus" }], count: 3, price: 12.5 }),
    ]);
    const s = surfaces.surface("s")!;
    const children = s.children(s.view("root").value!.props["children"]).value;
    expect(children.map((c) => [c.id, c.scope])).toEqual([["row", "/items/0"], ["row", "/items/1"]]);
    expect(s.view("row", "/items/1").value!.props["text"]).toBe("Linus");
    expect(s.view("total").value!.props["text"]).toBe("Ada and others");
    expect(s.view("money").value!.props["text"]).toMatch(/12\.50/);
  });

  it("re-renders only the components bound to the changed path (1,000 bound texts, one update)", () => {
    const { surfaces } = collect();
    const n = 1000;
    surfaces.apply([
      create("s"),
      components("s", [
        { id: "root", component: "List", children: { componentId: "row", path: "/items" } },
        { id: "row", component: "Text", text: { path: "name" } },
      ]),
      data("s", { items: Array.from({ length: n }, (_, i) => ({ name: `item ${i}` })) }),
    ]);
    const s = surfaces.surface("s")!;
    const list = s.children(s.view("root").value!.props["children"]);
    let listRuns = 0;
    const stops = [effect(() => void (list.value, listRuns++))];
    const runs = new Array<number>(n).fill(0);
    for (const child of list.value) {
      const view = s.view(child.id, child.scope);
      const i = Number(child.key);
      stops.push(effect(() => void (view.value, runs[i]!++)));
    }
    surfaces.apply([data("s", "renamed", "/items/500/name")]);
    expect(runs.filter((r) => r === 2).length).toBe(1);
    expect(runs[500]).toBe(2);
    expect(listRuns).toBe(1);
    // The middleware re-sends the whole model: only what differs re-renders.
    const all = Array.from({ length: n }, (_, i) => ({ name: i === 500 ? "renamed" : i === 7 ? "seven" : `item ${i}` }));
    surfaces.apply([data("s", { items: all })]);
    expect(runs.reduce((a, b) => a + b)).toBe(n + 2);
    expect(runs[7]).toBe(2);
    // One item added: the list re-lists, no text re-renders.
    surfaces.apply([data("s", { name: "new" }, "/items/1000")]);
    expect(listRuns).toBe(2);
    expect(runs.reduce((a, b) => a + b)).toBe(n + 2);
    for (const stop of stops) stop();
  });

  it("an updateComponents touches only the components it names, and an unchanged definition nothing", () => {
    const { surfaces } = collect();
    surfaces.apply([create("s"), components("s", [{ id: "a", component: "Text", text: "A" }, { id: "b", component: "Text", text: "B" }])]);
    const s = surfaces.surface("s")!;
    const seen = { a: 0, b: 0 };
    const stops = (["a", "b"] as const).map((id) => effect(() => void (s.component(id).value, seen[id]++)));
    surfaces.apply([components("s", [{ id: "a", component: "Text", text: "A2" }, { id: "b", component: "Text", text: "B" }])]);
    expect(seen).toEqual({ a: 2, b: 1 });
    stops.forEach((stop) => stop());
  });

  it("sends a button's action with its context resolved, the way the middleware reads it", () => {
    const { surfaces, actions } = collect();
    surfaces.apply([
      create("form", { sendDataModel: true }),
      components("form", [{ id: "go", component: "Button", child: "t", action: { event: { name: "submit", context: { who: { path: "/name" }, fixed: 1 } } } }]),
      data("form", { name: "Ada" }),
    ]);
    const s = surfaces.surface("form")!;
    s.write({ path: "/name" }, "/", "Grace");
    s.dispatch("go", s.view("go").value!.props["action"]);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ name: "submit", surfaceId: "form", sourceComponentId: "go", context: { who: "Grace", fixed: 1 }, dataModel: { name: "Grace" } });
    expect(Date.parse(actions[0]!.timestamp)).not.toBeNaN();
  });

  it("runs checks: failing messages while invalid, none once valid", () => {
    const { surfaces } = collect();
    surfaces.apply([
      create("s"),
      components("s", [{ id: "email", component: "TextField", label: "Email", value: { path: "/email" }, checks: [{ condition: { call: "email", args: { value: { path: "/email" } } }, message: "Not an email" }] }]),
      data("s", { email: "nope" }),
    ]);
    const view = surfaces.surface("s")!.view("email");
    expect(view.value!.errors).toEqual(["Not an email"]);
    surfaces.apply([data("s", "a@b.co", "/email")]);
    expect(view.value!.errors).toEqual([]);
  });

  it("deletes surfaces, and a later message updates a surface an earlier one created", () => {
    const { surfaces, warnings } = collect();
    surfaces.apply([create("s"), components("s", [{ id: "t", component: "Text", text: { path: "/x" } }])], "m1");
    surfaces.apply([data("s", 2, "/x")], "m2");
    expect(surfaces.surface("s")!.view("t").value!.props["text"]).toBe(2);
    expect(surfaces.surfacesOf("m1").value.map((s) => s.id)).toEqual(["s"]);
    expect(surfaces.surfacesOf("m2").value).toEqual([]);
    surfaces.apply([{ deleteSurface: { surfaceId: "s" } }], "m3");
    expect(surfaces.surfacesOf("m1").value).toEqual([]);
    surfaces.apply([data("s", 3, "/x")]);
    expect(warnings.map((w) => w.code)).toEqual(["A2UI_UNKNOWN_SURFACE"]);
  });

  it("follows a thread's a2ui-surface activities: snapshots re-sent whole, deltas appending operations", () => {
    const thread = createThread();
    const { surfaces, warnings } = collect();
    const stop = surfaces.follow(thread);
    foldEvent(thread, { type: "RUN_STARTED", threadId: "t", runId: "r" } as never);
    const ops = [create("s"), components("s", [{ id: "root", component: "Text", text: { path: "/greeting" } }])];
    foldEvent(thread, { type: "ACTIVITY_SNAPSHOT", messageId: "a2ui-surface-1", activityType: "a2ui-surface", content: { a2ui_operations: ops } } as never);
    const s = surfaces.surface("s")!;
    const view = s.view("root");
    let runs = 0;
    const watch = effect(() => void (view.value, runs++));
    foldEvent(thread, { type: "ACTIVITY_SNAPSHOT", messageId: "a2ui-surface-1", activityType: "a2ui-surface", content: { a2ui_operations: [...ops, data("s", { greeting: "hi" })] } } as never);
    expect(view.value!.props["text"]).toBe("hi");
    expect(surfaces.surface("s")).toBe(s);
    foldEvent(thread, { type: "ACTIVITY_DELTA", messageId: "a2ui-surface-1", activityType: "a2ui-surface", patch: [{ op: "add", path: "/a2ui_operations/-", value: data("s", "hello", "/greeting") }] } as never);
    expect(view.value!.props["text"]).toBe("hello");
    expect(runs).toBe(3);
    expect(warnings).toEqual([]);
    // The message leaves the thread: its surface goes.
    // A snapshot that carries activities is authoritative for them: one without this message drops it.
    foldEvent(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "other", role: "activity", activityType: "note", content: {} }] } as never);
    expect(surfaces.surface("s")).toBeUndefined();
    watch();
    stop();
  });
});

describe("A2UI hostile input", () => {
  it("unknown component types and malformed operations warn, typed, and change nothing else", () => {
    const { surfaces, warnings } = collect();
    surfaces.apply([create("s"), components("s", [{ id: "x", component: "Marquee" }, { component: "Text" }]), { bogus: {} }, "nope", { createSurface: { surfaceId: 5 } }]);
    expect(warnings.map((w) => w.code)).toEqual(["A2UI_UNKNOWN_COMPONENT", "A2UI_MALFORMED_OPERATION", "A2UI_MALFORMED_OPERATION", "A2UI_MALFORMED_OPERATION", "A2UI_MALFORMED_OPERATION"]);
    expect(surfaces.surface("s")!.view("x").value!.type).toBe("Marquee");
  });

  it("refuses __proto__ paths and keys: nothing reaches a prototype", () => {
    const { surfaces, warnings } = collect();
    surfaces.apply([
      create("s"),
      data("s", { a: 1 }, "/__proto__/polluted"),
      data("s", JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}')),
      components("s", [{ id: "t", component: "Text", text: { path: "/constructor/prototype" } }]),
    ]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    const s = surfaces.surface("s")!;
    expect(s.data.value).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(s.data.value)).toBe(Object.prototype);
    expect(s.view("t").value!.props["text"]).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(["A2UI_FORBIDDEN_PATH", "A2UI_FORBIDDEN_PATH", "A2UI_FORBIDDEN_PATH"]);
  });

  it("drops javascript: URLs in images and openUrl actions", () => {
    const opened: string[] = [];
    const warnings: A2uiWarning[] = [];
    const surfaces = createA2uiSurfaces({ onWarning: (w) => warnings.push(w), openUrl: (url) => opened.push(url) });
    surfaces.apply([
      create("s"),
      components("s", [
        { id: "img", component: "Image", url: "javascript:alert(1)" },
        { id: "vid", component: "Video", url: { path: "/v" } },
        { id: "b", component: "Button", child: "x", action: { functionCall: { call: "openUrl", args: { url: "jav\tascript:alert(1)" } } } },
        { id: "ok", component: "Button", child: "x", action: { functionCall: { call: "openUrl", args: { url: "https://example.com/" } } } },
      ]),
      data("s", { v: "data:text/html,<script>alert(1)</script>" }),
    ]);
    const s = surfaces.surface("s")!;
    expect(s.view("img").value!.props["url"]).toBeUndefined();
    expect(s.view("vid").value!.props["url"]).toBeUndefined();
    s.dispatch("b", s.view("b").value!.props["action"]);
    s.dispatch("ok", s.view("ok").value!.props["action"]);
    expect(opened).toEqual(["https://example.com/"]);
    expect(warnings.map((w) => w.code)).toEqual(["A2UI_UNSAFE_URL", "A2UI_UNSAFE_URL", "A2UI_UNSAFE_URL"]);
  });

  it("a surface of 100,000 components keeps the first 5,000 and says so once", () => {
    const { surfaces, warnings } = collect();
    const many = Array.from({ length: 100_000 }, (_, i) => ({ id: `c${i}`, component: "Text", text: `${i}` }));
    surfaces.apply([create("s"), components("s", many)]);
    const s = surfaces.surface("s")!;
    expect(s.size).toBe(5000);
    expect(s.view("c4999").value).toBeDefined();
    expect(s.view("c5000").value).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(["A2UI_LIMIT_EXCEEDED"]);
  });

  it("a data model 10,000 levels deep is refused with a warning, never a stack overflow", () => {
    const { surfaces, warnings } = collect();
    let deep: unknown = "bottom";
    for (let i = 0; i < 10_000; i++) deep = { d: deep };
    const path = "/" + Array.from({ length: 10_000 }, () => "d").join("/");
    surfaces.apply([create("s"), data("s", { keep: 1 }), data("s", deep), data("s", 1, path), components("s", [{ id: "t", component: "Text", text: { path } }])]);
    const s = surfaces.surface("s")!;
    expect(s.data.value).toEqual({ keep: 1 });
    expect(s.view("t").value!.props["text"]).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(["A2UI_LIMIT_EXCEEDED", "A2UI_LIMIT_EXCEEDED", "A2UI_LIMIT_EXCEEDED"]);
  });
});
