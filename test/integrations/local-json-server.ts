/**
 * An HTTP server on 127.0.0.1 (a free port) for the stand-ins of model APIs
 * the real agent CLIs talk to (fake-anthropic.ts, fake-openai.ts): each
 * request's body is read whole and parsed as JSON before `answer` sees it;
 * a body that is not JSON gets a 400.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  close(): Promise<void>;
}

export async function startLocalJsonServer(answer: (req: http.IncomingMessage, body: unknown, res: http.ServerResponse) => void): Promise<LocalServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        res.writeHead(400).end();
        return;
      }
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
