// A TCP proxy for the hostile-network tests: per connection it passes the server's bytes, or at a
// point a rule picks it cuts the connection (FIN), ends the HTTP body cleanly (the last chunk of a
// chunked body), or black-holes it (the sockets stay open, nothing more is forwarded). It can also
// refuse to forward the requests of a connection at all. support.ts's dropProxy only cuts.
import net from "node:net";

export type Fault =
  /** Forward the first `at` response bytes, then close the client's side with FIN. */
  | { readonly at: number; readonly kind: "cut" }
  /** Forward the first `at` bytes (a chunk boundary), then the zero-length chunk that ends a chunked body. */
  | { readonly at: number; readonly kind: "end-body" }
  /** Forward the first `at` bytes, then nothing more; both sockets stay open. */
  | { readonly at: number; readonly kind: "black-hole" };

/**
 * Decides, per connection, what happens to the response bytes `seen` so far (undefined: pass them);
 * `request` is the first line of the connection's first request (`GET /agent?threadId=t HTTP/1.1`).
 */
export type FaultRule = (connection: number, seen: Buffer, request: string) => Fault | undefined;

export interface FaultProxy {
  readonly url: (path: string) => string;
  readonly connections: number;
  /** The request bytes (method and path lines) the server was sent, per connection. */
  readonly requestLines: string[];
  /** Connections whose fault was applied. */
  readonly faults: number;
  close(): Promise<void>;
}

/** The end of the HTTP response head in `seen` (just past its blank line), or -1. */
export function headEnd(seen: Buffer): number {
  const at = seen.indexOf("\r\n\r\n");
  return at < 0 ? -1 : at + 4;
}

/**
 * A proxy on 127.0.0.1 to `target` (a port, or a function choosing one per connection). `rule`
 * sees each connection's response bytes as they come; `silence(connection)` true swallows that
 * connection's request (the server never hears it; the client waits for an answer forever).
 */
export async function faultProxy(target: number | ((connection: number) => number), rule: FaultRule, silence?: (connection: number) => boolean): Promise<FaultProxy> {
  let connections = 0;
  let faults = 0;
  const requestLines: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const index = connections++;
    sockets.add(client);
    client.on("error", () => client.destroy());
    if (silence?.(index) === true) {
      client.resume();
      return;
    }
    const port = typeof target === "function" ? target(index) : target;
    const upstream = net.connect(port, "127.0.0.1");
    sockets.add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
    };
    let held = false;
    client.on("close", () => drop());
    upstream.on("error", drop).on("close", () => {
      if (!held) client.end();
    });
    client.on("data", (data: Buffer) => {
      if (requestLines[index] === undefined) requestLines[index] = data.toString("latin1").split("\r\n", 1)[0] ?? "";
      upstream.write(data);
    });
    let seen = Buffer.alloc(0);
    let done = false;
    upstream.on("data", (data: Buffer) => {
      if (done) return;
      const before = seen.length;
      seen = Buffer.concat([seen, data]);
      const fault = rule(index, seen, requestLines[index] ?? "");
      if (fault === undefined || fault.at < 0 || fault.at >= seen.length) {
        client.write(data);
        return;
      }
      done = true;
      faults++;
      if (fault.at > before) client.write(data.subarray(0, fault.at - before));
      switch (fault.kind) {
        case "cut":
          upstream.destroy();
          client.end(() => client.destroy());
          return;
        case "end-body":
          upstream.destroy();
          client.end("0\r\n\r\n");
          return;
        case "black-hole":
          // The server's further bytes are read and dropped; the client hears nothing, its socket open.
          held = true;
          return;
        default: {
          const never: never = fault;
          return never;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    get connections() {
      return connections;
    },
    get faults() {
      return faults;
    },
    requestLines,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
