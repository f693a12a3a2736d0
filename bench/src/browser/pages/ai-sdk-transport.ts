// The AI SDK side of both @ai-sdk pages: a ChatTransport whose stream the page enqueues UI
// message chunks into, as DefaultChatTransport would after parsing them from the response.
import type { AbstractChat, ChatTransport, UIMessage, UIMessageChunk } from "ai";
import type { Running, Workload } from "./harness.js";

const LIVE_ID = "live";

export class PushTransport implements ChatTransport<UIMessage> {
  private controller: ReadableStreamDefaultController<UIMessageChunk> | undefined;
  private readonly chunks: UIMessageChunk[];

  constructor(workload: Workload) {
    this.chunks = workload.deltas.map((delta): UIMessageChunk => ({ type: "text-delta", id: LIVE_ID, delta }));
  }

  sendMessages(): Promise<ReadableStream<UIMessageChunk>> {
    const stream = new ReadableStream<UIMessageChunk>({
      start: (controller) => {
        this.controller = controller;
      },
    });
    return Promise.resolve(stream);
  }

  reconnectToStream(): Promise<ReadableStream<UIMessageChunk> | null> {
    return Promise.resolve(null);
  }

  get open(): boolean {
    return this.controller !== undefined;
  }

  send(chunk: UIMessageChunk): void {
    if (!this.controller) throw new Error("no stream is open");
    this.controller.enqueue(chunk);
  }

  readonly push = (index: number): void => this.controller!.enqueue(this.chunks[index]!);

  /** Opens the assistant message (`start`, `text-start`) once the chat asked for a stream. */
  async start(): Promise<void> {
    for (let waited = 0; !this.open; waited++) {
      if (waited > 1000) throw new Error("the chat never asked for a stream");
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    this.send({ type: "start" });
    this.send({ type: "text-start", id: LIVE_ID });
  }

  finish(): void {
    if (!this.controller) return;
    this.send({ type: "text-end", id: LIVE_ID });
    this.send({ type: "finish" });
    this.controller.close();
    this.controller = undefined;
  }
}

const converted = new WeakMap<Workload, UIMessage[]>();

/**
 * The prior messages as AI SDK UI messages: the format AI SDK stores and loads, as Threadline is
 * handed AG-UI messages. Made once per workload (the harness calls it untimed first), so a timed
 * load is the chat's own work, not the conversion's.
 */
export function uiMessages(workload: Workload): UIMessage[] {
  let messages = converted.get(workload);
  if (messages === undefined) {
    messages = workload.priors.map((m) => ({
      id: m.id,
      role: m.role === "user" ? "user" : "assistant",
      parts: [{ type: "text", text: typeof m.content === "string" ? m.content : "" }],
    }));
    converted.set(workload, messages);
  }
  return messages;
}

/** What both @ai-sdk pages run: "go" sent, the assistant message opened; finished when the harness ends it. */
export async function aiSdkRun(transport: PushTransport, chat: AbstractChat<UIMessage>, workload: Workload): Promise<Running> {
  const turn = chat.sendMessage({ text: workload.userText });
  await transport.start();
  return {
    push: transport.push,
    async finish() {
      transport.finish();
      await turn;
      if (chat.status === "error") throw new Error(`the AI SDK chat ended in error: ${String(chat.error)}`);
    },
  };
}
