import { batch, computed, effect, signal, untracked, type ReadonlySignal } from "@preact/signals-core";
import { DEV } from "esm-env";
import { warnToConsole } from "../errors.js";
import { jsonEqual } from "../json/json-value.js";
import { safeUrl } from "../markdown/safe-url.js";
import type { ActivityMessageNode, MessageNode } from "../model/types.js";
import { A2UI_BASIC_CATALOG_IDS } from "./catalog.js";
import { BASIC_FUNCTIONS, type A2uiFunction } from "./functions.js";
import { A2UI_ACTIVITY_TYPE, lifecycleOf, operationsOf, readOperation, type A2uiLifecycle } from "./operations.js";
import { A2uiSurface, type A2uiSurfaceHost, type A2uiUserAction } from "./surface.js";
import { A2UI_LIMITS, type A2uiLimits, type A2uiWarning } from "./warnings.js";

export interface A2uiSurfacesOptions {
  /** The app's own component types (besides the basic catalog's), so they are not warned about. */
  readonly components?: readonly string[];
  /** Catalog ids besides the basic catalog's that this app renders. */
  readonly catalogIds?: readonly string[];
  /** Functions besides (or replacing) the basic catalog's. */
  readonly functions?: Readonly<Record<string, A2uiFunction>>;
  /** A user action (a button's `event`): send it to the agent (`a2uiActionProps`, `chat.runAgent`). */
  readonly onAction?: (action: A2uiUserAction) => void;
  /** What goes wrong; default `console.warn`. */
  readonly onWarning?: (warning: A2uiWarning) => void;
  readonly limits?: Partial<A2uiLimits>;
  /** Which URLs images, media and `openUrl` may use (default: http(s) and relative; links also mailto/tel). */
  readonly urlPolicy?: (url: string, kind: "link" | "image") => string | null;
  /** Opens a URL an `openUrl` action asked for, after the policy (default: a new tab, no opener). */
  readonly openUrl?: (url: string) => void;
}

interface Followed {
  readonly node: ActivityMessageNode;
  readonly stop: () => void;
  users: number;
}

/**
 * The A2UI surfaces of one conversation, fed by the `a2ui-surface` activity messages of a thread
 * (`follow`), one message (`attach`) or operations given directly (`apply`). Surface ids are shared
 * by all messages, as A2UI has them: a later message can update or delete a surface an earlier one
 * created; a surface renders in the message that created it (`surfacesOf`).
 *
 * A message's operations are applied as they arrive; when the message is replaced (the middleware
 * re-sends every operation on each snapshot), the operations equal to what was applied before are
 * skipped, and the rest write only what differs — so a re-sent surface re-renders nothing, and a
 * re-sent data model re-renders only the components bound to what changed.
 */
export class A2uiSurfaces {
  readonly limits: A2uiLimits;
  readonly #surfaces = signal<ReadonlyMap<string, A2uiSurface>>(new Map());
  readonly #applied = new Map<string, readonly unknown[]>();
  readonly #followed = new Map<string, Followed>();
  readonly #byOwner = new Map<string, ReadonlySignal<readonly A2uiSurface[]>>();
  readonly #host: A2uiSurfaceHost;
  readonly #catalogs: ReadonlySet<string>;

  constructor(private readonly options: A2uiSurfacesOptions = {}) {
    this.limits = Object.freeze({ ...A2UI_LIMITS, ...options.limits });
    const known = new Set(options.components ?? []);
    this.#catalogs = new Set([...A2UI_BASIC_CATALOG_IDS, ...(options.catalogIds ?? [])]);
    const warn = options.onWarning ?? warnToConsole;
    this.#host = {
      limits: this.limits,
      functions: { ...BASIC_FUNCTIONS, ...options.functions },
      knows: (type) => known.has(type),
      warn: (warning) => warn(warning),
      action: (action) => options.onAction?.(action),
      openUrl: options.openUrl ?? ((url) => (globalThis as { open?: (url: string, target: string, features: string) => unknown }).open?.(url, "_blank", "noopener,noreferrer")),
      urlPolicy: options.urlPolicy ?? safeUrl,
    };
  }

  /** Every live surface by id. */
  get all(): ReadonlySignal<ReadonlyMap<string, A2uiSurface>> {
    return this.#surfaces;
  }

  surface(id: string): A2uiSurface | undefined {
    return this.#surfaces.peek().get(id);
  }

  /** The surfaces message `messageId` created, in creation order (where they render). */
  surfacesOf(messageId: string): ReadonlySignal<readonly A2uiSurface[]> {
    let list = this.#byOwner.get(messageId);
    if (list === undefined) {
      let last: readonly A2uiSurface[] = [];
      list = computed(() => {
        const next = [...this.#surfaces.value.values()].filter((s) => s.owner === messageId);
        if (next.length === last.length && next.every((s, i) => s === last[i])) return last;
        return (last = next);
      });
      this.#byOwner.set(messageId, list);
    }
    return list;
  }

  /** Applies operations (A2UI v0.9 messages) on behalf of `owner` (a message id; "" when none). */
  apply(operations: readonly unknown[], owner = ""): void {
    batch(() => {
      for (const raw of operations) this.#applyOne(raw, owner);
    });
  }

  /**
   * Follows one `a2ui-surface` activity message: its operations now and whenever its content
   * changes. Returns the stop function; a message attached twice is followed once until both stop.
   */
  attach(node: ActivityMessageNode): () => void {
    let followed = this.#followed.get(node.id);
    if (followed === undefined || followed.node !== node) {
      followed?.stop();
      const stop = effect(() => {
        if (node.activityType.value !== A2UI_ACTIVITY_TYPE) return;
        const content = node.content.value;
        untracked(() => this.#applyMessage(node.id, content));
      });
      this.#followed.set(node.id, (followed = { node, stop, users: 0 }));
    }
    followed.users++;
    const mine = followed;
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--mine.users === 0 && this.#followed.get(node.id) === mine) {
        mine.stop();
        this.#followed.delete(node.id);
      }
    };
  }

  /**
   * Follows every `a2ui-surface` activity of a thread's messages. A message that leaves the thread
   * (cleared, replaced by a snapshot without it) takes the surfaces it created with it.
   */
  follow(thread: { readonly messages: ReadonlySignal<readonly MessageNode[]> }): () => void {
    const mine = new Map<string, () => void>();
    const stop = effect(() => {
      const messages = thread.messages.value;
      untracked(() => {
        const present = new Set<string>();
        for (const message of messages) {
          if (message.role !== "activity") continue;
          present.add(message.id);
          if (!mine.has(message.id)) mine.set(message.id, this.attach(message));
        }
        for (const [id, release] of mine) {
          if (present.has(id)) continue;
          release();
          mine.delete(id);
          this.#forget(id);
        }
      });
    });
    return () => {
      stop();
      for (const release of mine.values()) release();
      mine.clear();
    };
  }

  /** The middleware's pre-paint state of an activity message (building / retrying / failed), if that is what it holds. */
  lifecycle(node: ActivityMessageNode): A2uiLifecycle | undefined {
    return lifecycleOf(node.content.value);
  }

  /** Deletes every surface and stops following every message. */
  dispose(): void {
    for (const followed of this.#followed.values()) followed.stop();
    this.#followed.clear();
    this.#applied.clear();
    this.#surfaces.value = new Map();
  }

  #applyMessage(messageId: string, content: unknown): void {
    const operations = operationsOf(content);
    if (operations === undefined) return;
    const before = this.#applied.get(messageId) ?? [];
    this.#applied.set(messageId, operations);
    batch(() => {
      for (let i = 0; i < operations.length; i++) {
        const op = operations[i];
        // Applied already: a delta keeps earlier operations by identity, a re-sent snapshot by value.
        if (i < before.length && (op === before[i] || jsonEqual(op, before[i]))) continue;
        this.#applyOne(op, messageId);
      }
    });
  }

  #applyOne(raw: unknown, owner: string): void {
    const op = readOperation(raw);
    if (typeof op === "string") {
      this.#host.warn({ code: "A2UI_MALFORMED_OPERATION", message: DEV ? `An A2UI operation was dropped: ${op}.` : "", event: raw });
      return;
    }
    const surfaces = this.#surfaces.peek();
    switch (op.kind) {
      case "createSurface": {
        const { surfaceId, catalogId } = op.createSurface;
        const existing = surfaces.get(surfaceId);
        if (existing !== undefined && existing.owner === owner) {
          // The same message re-sending its createSurface: the surface stays; theme and catalog follow.
          existing.catalogId.value = catalogId;
          const theme = op.createSurface.theme ?? {};
          if (!jsonEqual(existing.theme.peek(), theme)) existing.theme.value = theme;
          return;
        }
        if (existing !== undefined) {
          this.#host.warn({ code: "A2UI_SURFACE_EXISTS", message: DEV ? `createSurface '${surfaceId}': the surface already exists (created by another message); the new one replaces it.` : "", surfaceId });
        } else if (surfaces.size >= this.limits.liveSurfaces) {
          this.#host.warn({ code: "A2UI_LIMIT_EXCEEDED", message: DEV ? `createSurface '${surfaceId}': at most ${this.limits.liveSurfaces} surfaces live at once (A2uiLimits.liveSurfaces); it was dropped.` : "", surfaceId });
          return;
        }
        if (!this.#catalogs.has(catalogId)) {
          this.#host.warn({ code: "A2UI_UNKNOWN_CATALOG", message: DEV ? `createSurface '${surfaceId}': the catalog '${catalogId}' is not known here; the basic catalog's and the app's components render.` : "", surfaceId });
        }
        const next = new Map(surfaces);
        next.set(surfaceId, new A2uiSurface(surfaceId, op.createSurface, owner, this.#host));
        this.#surfaces.value = next;
        return;
      }
      case "updateComponents": {
        const surface = this.#known(surfaces, op.surfaceId, op.kind);
        surface?.define(op.components);
        return;
      }
      case "updateDataModel": {
        const surface = this.#known(surfaces, op.surfaceId, op.kind);
        surface?.data.set(op.path, op.hasValue ? op.value : undefined);
        return;
      }
      case "deleteSurface": {
        if (this.#known(surfaces, op.surfaceId, op.kind) === undefined) return;
        const next = new Map(surfaces);
        next.delete(op.surfaceId);
        this.#surfaces.value = next;
        return;
      }
      default: {
        const never: never = op;
        return never;
      }
    }
  }

  #known(surfaces: ReadonlyMap<string, A2uiSurface>, surfaceId: string, kind: string): A2uiSurface | undefined {
    const surface = surfaces.get(surfaceId);
    if (surface === undefined) {
      this.#host.warn({ code: "A2UI_UNKNOWN_SURFACE", message: DEV ? `${kind} for '${surfaceId}', a surface that does not exist (never created, or deleted); dropped.` : "", surfaceId });
    }
    return surface;
  }

  /** A message left the thread: the surfaces it created go, and what it applied is forgotten. */
  #forget(messageId: string): void {
    this.#applied.delete(messageId);
    this.#byOwner.delete(messageId);
    const surfaces = this.#surfaces.peek();
    if (![...surfaces.values()].some((s) => s.owner === messageId)) return;
    this.#surfaces.value = new Map([...surfaces].filter(([, s]) => s.owner !== messageId));
  }
}

/** A new `A2uiSurfaces` (see the class). */
export function createA2uiSurfaces(options?: A2uiSurfacesOptions): A2uiSurfaces {
  return new A2uiSurfaces(options);
}

/** The `forwardedProps` that carry a user action to `@ag-ui/a2ui-middleware`. */
export function a2uiActionProps(action: A2uiUserAction): { readonly a2uiAction: { readonly userAction: A2uiUserAction } } {
  return { a2uiAction: { userAction: action } };
}

/** What `chatA2ui` needs of a chat: its thread, and a run with one-off `forwardedProps` (`ChatClient`). */
export interface A2uiChat {
  readonly thread: { readonly messages: ReadonlySignal<readonly MessageNode[]> };
  runAgent(options: { readonly forwardedProps: Readonly<Record<string, unknown>> }): Promise<unknown>;
}

/**
 * Surfaces for a chat: they follow the chat's thread, and a user action goes back as a run with
 * `forwardedProps.a2uiAction` (unless `options.onAction` says otherwise). `chat` may be a getter
 * (a binding whose chat is replaced): actions go to the chat current then, and `refollow()` moves
 * the surfaces onto the current chat's thread. `stop` ends it all.
 */
export function chatA2ui(
  chat: A2uiChat | (() => A2uiChat),
  options: A2uiSurfacesOptions = {},
): { readonly a2ui: A2uiSurfaces; refollow(): void; stop(): void } {
  const current = typeof chat === "function" ? chat : () => chat;
  const a2ui = new A2uiSurfaces({
    ...options,
    onAction:
      options.onAction ??
      ((action) => {
        void current().runAgent({ forwardedProps: a2uiActionProps(action) });
      }),
  });
  let followed = current().thread;
  let unfollow = a2ui.follow(followed);
  return {
    a2ui,
    refollow() {
      const thread = current().thread;
      if (thread === followed) return;
      unfollow();
      followed = thread;
      unfollow = a2ui.follow(thread);
    },
    stop() {
      unfollow();
      a2ui.dispose();
    },
  };
}
