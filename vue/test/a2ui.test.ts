// The A2UI renderer (@threadline/vue/a2ui): every basic-catalog component as a real Vue
// component, two-way bindings, actions back through the chat, fine-grained updates, hostile input.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/vue";
import { ChatClient } from "@threadline/core";
import { createA2uiSurfaces, type A2uiUserAction, type A2uiWarning } from "@threadline/core/a2ui";
import { nextTick } from "vue";
import { afterEach, describe, expect, it, vi } from "vitest";
import { data, everyComponent, manyBoundTexts } from "../../core/test/a2ui/fixtures.js";
import { basicCatalogSamples } from "../../core/test/a2ui/samples.js";
import A2uiChatApp from "./a2ui/A2uiChatApp.vue";
import A2uiHost from "./a2ui/A2uiHost.vue";
import Gauge from "./a2ui/Gauge.vue";
import { runFinished, runStarted } from "./support/events.js";
import { queuedAgent } from "./support/sources.js";

afterEach(cleanup);

function setup(options: { components?: string[] } = {}) {
  const warnings: A2uiWarning[] = [];
  const actions: A2uiUserAction[] = [];
  const surfaces = createA2uiSurfaces({ ...options, onWarning: (w) => warnings.push(w), onAction: (a) => actions.push(a) });
  return { surfaces, warnings, actions };
}

describe("A2UI in Vue", () => {
  it("renders every basic-catalog component, accessibly, themed by the surface", async () => {
    const { surfaces, warnings, actions } = setup();
    surfaces.apply(everyComponent());
    render(A2uiHost, { props: { surfaces } });
    const region = screen.getByRole("region", { name: "Trip planner" });
    expect(region.style.getPropertyValue("--a2ui-primary").trim()).toBe("#aa3300");
    expect(screen.getByRole("heading", { level: 2, name: "Your trip" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "A cat" }).getAttribute("src")).toBe("https://example.com/cat.png");
    expect(screen.getByRole("img", { name: "shopping cart" })).toBeTruthy();
    expect(within(region.querySelector<HTMLElement>(".a2ui-list")!).getAllByRole("listitem").map((li) => li.textContent?.trim())).toEqual(["Oslo", "Bergen"]);
    expect(screen.getByText("In a card").closest(".a2ui-card")).toBeTruthy();
    expect(region.querySelector("hr.a2ui-divider")).toBeTruthy();
    // Tabs: arrow keys move the selection, the panel follows.
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Photo", "Media"]);
    await fireEvent.keyDown(tabs[0]!, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Media" }).getAttribute("aria-selected")).toBe("true");
    expect(region.querySelector("video")?.getAttribute("src")).toBe("https://example.com/clip.mp4");
    expect(region.querySelector("audio")?.getAttribute("src")).toBe("https://example.com/song.mp3");
    // Modal: the trigger opens a dialog with the content.
    expect(screen.queryByText("The details")).toBeNull();
    await fireEvent.click(screen.getByRole("button", { name: "More details" }));
    await nextTick();
    expect(screen.getByText("The details")).toBeTruthy();
    // Inputs write the data model; the button is disabled until its check passes.
    const book = screen.getByRole("button", { name: "Book" }) as HTMLButtonElement;
    expect(book.disabled).toBe(true);
    expect((screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement).getAttribute("aria-invalid")).toBe("true");
    await fireEvent.update(screen.getByRole("textbox", { name: "Name" }), "Ada");
    await fireEvent.click(screen.getByRole("checkbox", { name: "I agree" }));
    await fireEvent.update(screen.getByRole("slider", { name: "Seats" }), "4");
    await fireEvent.update(screen.getByLabelText("Departure"), "2026-04-02");
    const extras = screen.getByRole("group", { name: "Extras" });
    await fireEvent.click(within(extras).getByRole("checkbox", { name: "Meal" }));
    expect(surfaces.surface("all")!.data.get("/form")).toEqual({ name: "Ada", agree: true, seats: 4, when: "2026-04-02", extras: ["meal"] });
    expect(book.disabled).toBe(false);
    await fireEvent.click(book);
    expect(actions).toMatchObject([{ name: "book", surfaceId: "all", sourceComponentId: "submit", context: { name: "Ada", seats: 4, extras: ["meal"] } }]);
    expect(warnings).toEqual([]);
  });

  it("renders A2UI's own sample payloads without a fallback", () => {
    for (const sample of basicCatalogSamples()) {
      const { surfaces, warnings } = setup();
      surfaces.apply(sample.messages);
      const { container, unmount } = render(A2uiHost, { props: { surfaces } });
      expect(container.querySelectorAll(".a2ui-surface").length, sample.file).toBeGreaterThan(0);
      expect(container.querySelector(".a2ui-fallback"), sample.file).toBeNull();
      expect(warnings, sample.file).toEqual([]);
      unmount();
    }
  });

  it("an update to one bound path changes one text node among 1,000", async () => {
    const { surfaces } = setup();
    surfaces.apply(manyBoundTexts(1000));
    const { container } = render(A2uiHost, { props: { surfaces } });
    expect(container.querySelectorAll("li").length).toBe(1000);
    const changed = new Set<Node>();
    const observer = new MutationObserver((records) => records.forEach((r) => changed.add(r.target)));
    observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });
    surfaces.apply([data("many", "renamed", "/items/500/name")]);
    await nextTick();
    const seen = observer.takeRecords();
    seen.forEach((r) => changed.add(r.target));
    observer.disconnect();
    expect(container.querySelectorAll("li")[500]!.textContent).toBe("renamed");
    expect(changed.size).toBe(1);
  });

  it("renders the app's registered components, and a fallback for unknown types", async () => {
    const { surfaces, warnings } = setup({ components: ["Gauge"] });
    surfaces.apply([
      { createSurface: { surfaceId: "s", catalogId: "app:catalog" } },
      { updateComponents: { surfaceId: "s", components: [{ id: "root", component: "Row", children: ["g", "x"] }, { id: "g", component: "Gauge", label: "Load", value: { path: "/load" } }, { id: "x", component: "Marquee" }] } },
      data("s", { load: 40 }),
    ]);
    // This binding's @testing-library/dom predates the meter role: found by its label instead.
    render(A2uiHost, { props: { surfaces, components: { Gauge } } });
    expect(document.querySelector<HTMLMeterElement>("meter[aria-label=Load]")!.value).toBe(40);
    surfaces.apply([data("s", 70, "/load")]);
    await nextTick();
    expect(document.querySelector<HTMLMeterElement>("meter[aria-label=Load]")!.value).toBe(70);
    expect(screen.getByRole("note").textContent).toContain("Marquee");
    expect(warnings.map((w) => w.code)).toEqual(["A2UI_UNKNOWN_CATALOG", "A2UI_UNKNOWN_COMPONENT"]);
  });

  it("never renders script: javascript: URLs, cycles and deep nesting fall back", () => {
    const { surfaces, warnings } = setup();
    const deep = Array.from({ length: 200 }, (_, i) => ({ id: i === 0 ? "root" : `c${i}`, component: "Card", child: `c${i + 1}` }));
    surfaces.apply([
      { createSurface: { surfaceId: "s", catalogId: "https://a2ui.org/specification/v0_9/basic_catalog.json" } },
      { updateComponents: { surfaceId: "s", components: [...deep, { id: "c200", component: "Column", children: ["img", "loop"] }, { id: "img", component: "Image", url: "javascript:alert(1)" }, { id: "loop", component: "Card", child: "loop" }] } },
    ]);
    const { container } = render(A2uiHost, { props: { surfaces } });
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelectorAll(".a2ui-card").length).toBe(64);
    expect(warnings.map((w) => w.code)).toContain("A2UI_LIMIT_EXCEEDED");
  });

  it("follows the chat's a2ui-surface activities and sends a button's action as the middleware expects", async () => {
    const agent = queuedAgent();
    const chat = new ChatClient({ agent });
    render(A2uiChatApp, { props: { chat } });
    void chat.sendMessage("plan my trip");
    const input = await agent.started(0);
    const first = agent.runs[0]!;
    first.push(runStarted(input.threadId, input.runId));
    first.push({ type: "ACTIVITY_SNAPSHOT", messageId: "a2ui-surface-1", activityType: "a2ui-surface", content: { status: "building", progressTokens: 20 }, replace: true });
    expect((await screen.findByRole("status")).textContent).toContain("Building");
    first.push({ type: "ACTIVITY_SNAPSHOT", messageId: "a2ui-surface-1", activityType: "a2ui-surface", content: { a2ui_operations: everyComponent() }, replace: true });
    first.push(runFinished(input.threadId, input.runId));
    first.close();
    await vi.waitFor(() => expect(chat.status.value).toBe("idle"));
    await fireEvent.update(await screen.findByRole("textbox", { name: "Name" }), "Grace");
    await fireEvent.click(screen.getByRole("button", { name: "Book" }));
    const second = await agent.started(1);
    const userAction = (second.forwardedProps as { a2uiAction: { userAction: A2uiUserAction } }).a2uiAction.userAction;
    expect(userAction).toMatchObject({ name: "book", surfaceId: "all", sourceComponentId: "submit", context: { name: "Grace", seats: 2, extras: [] } });
    expect(second.messages.filter((m) => m.role === "user")).toHaveLength(1);
    agent.runs[1]!.push(runStarted(second.threadId, second.runId), runFinished(second.threadId, second.runId));
    agent.runs[1]!.close();
    chat.dispose();
  });
});
