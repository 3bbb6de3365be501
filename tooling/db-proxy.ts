/**
 * A TCP proxy between the Worker and the local database server, so a test can cut the link the way
 * an outage does: `pass` forwards, `hang` accepts connections and never answers, `refuse` stops
 * listening (connection refused). Every change of mode drops the open connections, which the Worker
 * keeps alive between requests. Tests switch modes through a small HTTP control server
 * (`PUT <controlUrl>` with the mode as the body).
 */
import { createServer as createHttpServer } from "node:http";
import { connect, createServer, type Server, type Socket } from "node:net";

export type DbLinkMode = "pass" | "hang" | "refuse";

export interface DbProxy {
  url: string;
  controlUrl: string;
  close(): Promise<void>;
}

const listen = (server: Server | ReturnType<typeof createHttpServer>, port: number) =>
  new Promise<number>((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail);
      done((server.address() as { port: number }).port);
    });
  });

export async function startDbProxy(target: URL): Promise<DbProxy> {
  let mode: DbLinkMode = "pass";
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (mode === "hang") {
      client.resume();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const port = await listen(proxy, 0);

  async function setMode(next: DbLinkMode) {
    for (const socket of sockets) socket.destroy();
    if (next === "refuse" && proxy.listening) await new Promise((done) => proxy.close(done));
    if (next !== "refuse" && !proxy.listening) await listen(proxy, port);
    mode = next;
  }

  const control = createHttpServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "PUT" || !["pass", "hang", "refuse"].includes(body)) {
        res.writeHead(400).end("PUT pass, hang or refuse");
        return;
      }
      setMode(body as DbLinkMode).then(
        () => res.writeHead(204).end(),
        (err: Error) => res.writeHead(500).end(err.message),
      );
    });
  });
  const controlPort = await listen(control, 0);

  return {
    url: `http://127.0.0.1:${port}`,
    controlUrl: `http://127.0.0.1:${controlPort}/mode`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise((done) => (proxy.listening ? proxy.close(done) : done(undefined))),
        new Promise((done) => control.close(done)),
      ]);
    },
  };
}
