import { signal, type ReadonlySignal } from "@preact/signals-core";
import { DEV } from "esm-env";
import { safeUrl } from "../markdown/safe-url.js";
import type { McpAppActivity } from "./activity.js";
import { MCP_APP_SANDBOX, mcpAppCsp, mcpAppDocument } from "./csp.js";
import { McpAppError } from "./errors.js";
import type { McpProxiedMethod } from "./proxy.js";

/** A tool call the app asks for (`tools/call`). */
export interface McpAppToolCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** A tool call waiting for the user's answer (what a binding shows as Allow / Deny). */
export interface McpAppApproval extends McpAppToolCall {
  approve(): void;
  decline(): void;
}

export type McpAppStatus = "loading" | "ready" | "failed" | "closed";

export interface McpAppHostOptions {
  readonly activity: McpAppActivity;
  /** Sends one MCP request for the app (`proxiedMcpRequest`, or your own route to the server). */
  readonly request: (method: McpProxiedMethod, params: Readonly<Record<string, unknown>>) => Promise<unknown>;
  /** The app asks to say something in the conversation (`ui/message`): send it as the user's message. */
  readonly sendMessage?: (text: string) => unknown;
  /**
   * Whether a tool call the app asks for may run without asking. Default: every call waits in
   * `approval` for the user (the proxy cannot read the tool's annotations, so none is trusted).
   */
  readonly approve?: (call: McpAppToolCall) => boolean | Promise<boolean>;
  /** Which URLs `ui/open-link` may open (default: http(s), mailto, tel). */
  readonly urlPolicy?: (url: string, kind: "link") => string | null;
  /** Opens an allowed link (default: a new tab, no opener). */
  readonly openLink?: (url: string) => void;
  /** The app's frame grows with what it reports, up to this many pixels (default 800). */
  readonly maxHeight?: number;
  readonly theme?: "light" | "dark";
  /** How long a teardown may take before the frame is removed anyway (default 1,000 ms). */
  readonly teardownMs?: number;
}

const HOST_INFO = { name: "threadline", version: "0.1.0" };

type Bridge = import("@modelcontextprotocol/ext-apps/app-bridge").AppBridge;

/**
 * One MCP App on the page, hosted with the official `@modelcontextprotocol/ext-apps` AppBridge
 * (loaded on first use): it reads the app's HTML resource through `request`, runs it in a sandboxed
 * iframe (`MCP_APP_SANDBOX`, the resource's CSP), hands it the tool's input and result, answers its
 * tool calls (after `approval`), sends its messages to the chat, follows its size, and tears it down.
 */
export class McpAppHost {
  readonly #status = signal<McpAppStatus>("loading");
  readonly #error = signal<McpAppError | undefined>(undefined);
  readonly #height = signal(160);
  readonly #approval = signal<McpAppApproval | undefined>(undefined);
  #frame: HTMLIFrameElement | undefined;
  #bridge: Bridge | undefined;
  #closed = false;

  constructor(private readonly options: McpAppHostOptions) {}

  get status(): ReadonlySignal<McpAppStatus> {
    return this.#status;
  }

  get error(): ReadonlySignal<McpAppError | undefined> {
    return this.#error;
  }

  /** The frame's height in pixels, as the app last reported it (clamped to `maxHeight`). */
  get height(): ReadonlySignal<number> {
    return this.#height;
  }

  /** A tool call the app asked for, waiting for the user. */
  get approval(): ReadonlySignal<McpAppApproval | undefined> {
    return this.#approval;
  }

  /** Reads the app, puts its frame in `container` and connects it. Failures end in `status` "failed" and `error`, never a throw. */
  async mount(container: HTMLElement): Promise<void> {
    try {
      const html = await this.#resource();
      if (this.#closed) return;
      const { AppBridge, PostMessageTransport } = await import("@modelcontextprotocol/ext-apps/app-bridge");
      if (this.#closed) return;
      const frame = container.ownerDocument.createElement("iframe");
      frame.setAttribute("sandbox", MCP_APP_SANDBOX);
      frame.setAttribute("title", `App: ${this.options.activity.resourceUri}`);
      frame.setAttribute("referrerpolicy", "no-referrer");
      frame.style.cssText = `width:100%;border:0;display:block;height:${this.#height.peek()}px`;
      container.appendChild(frame);
      this.#frame = frame;
      const bridge = new AppBridge(null, HOST_INFO, { openLinks: {}, serverTools: {}, message: { text: {} }, logging: {} }, { hostContext: { theme: this.options.theme ?? "light", displayMode: "inline" } });
      this.#bridge = bridge;
      this.#handle(bridge);
      const target = frame.contentWindow!;
      await bridge.connect(new PostMessageTransport(target, target));
      // Listening before the document exists: the app's first message (ui/initialize) is not missed.
      frame.srcdoc = mcpAppDocument(html.text, mcpAppCsp(html.csp));
    } catch (error) {
      this.#fail(error instanceof McpAppError ? error : new McpAppError("MCP_APP_RESOURCE_FAILED", DEV ? `The app ${this.options.activity.resourceUri} could not start: ${error instanceof Error ? error.message : String(error)}` : "", { cause: error }));
    }
  }

  /** Asks the app to wind down (`ui/resource-teardown`, bounded by `teardownMs`), then removes its frame. */
  async teardown(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#approval.peek()?.decline();
    const bridge = this.#bridge;
    if (bridge !== undefined) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([bridge.teardownResource({}).catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, this.options.teardownMs ?? 1000)))]);
      clearTimeout(timer);
      await bridge.close().catch(() => undefined);
    }
    this.#frame?.remove();
    this.#frame = undefined;
    this.#status.value = "closed";
  }

  async #resource(): Promise<{ text: string; csp: unknown }> {
    const uri = this.options.activity.resourceUri;
    const read = (await this.options.request("resources/read", { uri })) as { contents?: unknown } | undefined;
    const contents = Array.isArray(read?.contents) ? (read.contents as Record<string, unknown>[]) : [];
    const html = contents.find((c) => typeof c === "object" && c !== null && typeof c["text"] === "string" && (c["uri"] === undefined || c["uri"] === uri));
    if (html === undefined || !String(html["mimeType"] ?? "text/html").startsWith("text/html")) {
      throw new McpAppError("MCP_APP_RESOURCE_FAILED", DEV ? `The resource ${uri} holds no HTML app.` : "", { where: uri });
    }
    const meta = html["_meta"] as { ui?: { csp?: unknown } } | undefined;
    return { text: html["text"] as string, csp: meta?.ui?.csp };
  }

  #handle(bridge: Bridge): void {
    const { activity } = this.options;
    bridge.oninitialized = () => {
      if (this.#closed) return;
      this.#status.value = "ready";
      void bridge.sendToolInput({ arguments: { ...activity.toolInput } });
      if (typeof activity.result === "object" && activity.result !== null) void bridge.sendToolResult(activity.result as never);
    };
    bridge.onsizechange = ({ height }) => {
      if (typeof height === "number" && Number.isFinite(height)) {
        const clamped = Math.max(40, Math.min(Math.ceil(height), this.options.maxHeight ?? 800));
        this.#height.value = clamped;
        if (this.#frame !== undefined) this.#frame.style.height = `${clamped}px`;
      }
    };
    bridge.oncalltool = async (params) => {
      const call: McpAppToolCall = { name: params.name, arguments: { ...(params.arguments ?? {}) } };
      if (!(await this.#allowed(call))) {
        return { isError: true, content: [{ type: "text", text: `The user declined the call to ${call.name}.` }] };
      }
      try {
        return (await this.options.request("tools/call", { name: call.name, arguments: call.arguments })) as never;
      } catch (error) {
        return { isError: true, content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }] };
      }
    };
    bridge.onmessage = async (params) => {
      const text = params.content
        .filter((block): block is { type: "text"; text: string } => block.type === "text")
        .map((block) => block.text)
        .join("\n");
      if (text === "" || this.options.sendMessage === undefined) return { isError: true };
      await this.options.sendMessage(text);
      return {};
    };
    bridge.onopenlink = async ({ url }) => {
      const allowed = (this.options.urlPolicy ?? safeUrl)(url, "link");
      if (allowed === null) return { isError: true };
      (this.options.openLink ?? ((u: string) => (globalThis as { open?: (u: string, t: string, f: string) => unknown }).open?.(u, "_blank", "noopener,noreferrer")))(allowed);
      return {};
    };
    bridge.onrequestteardown = () => void this.teardown();
  }

  async #allowed(call: McpAppToolCall): Promise<boolean> {
    if (this.options.approve !== undefined) return this.options.approve(call);
    this.#approval.peek()?.decline();
    return new Promise<boolean>((resolve) => {
      const settle = (ok: boolean) => {
        if (this.#approval.peek() === pending) this.#approval.value = undefined;
        resolve(ok);
      };
      const pending: McpAppApproval = { ...call, approve: () => settle(true), decline: () => settle(false) };
      this.#approval.value = pending;
    });
  }

  #fail(error: McpAppError): void {
    this.#error.value = error;
    this.#status.value = "failed";
  }
}
