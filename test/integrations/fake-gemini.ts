/**
 * A stand-in for the Gemini API on 127.0.0.1, so the real Gemini CLI can run
 * offline (test/integrations/gemini-real.test.ts). Gemini CLI (0.61.0, API
 * key auth, `GOOGLE_GEMINI_BASE_URL` pointing here) sends `POST
 * /v1beta/models/<model>:streamGenerateContent?alt=sse` for the agent's
 * turns and reads the answer as server-sent events, each `data:` a
 * `GenerateContentResponse` (`candidates[0].content.parts`); with `-m` naming
 * the model it sends nothing else at start-up (the model router's
 * `:generateContent` classifier call is made only for `auto`, and is answered
 * the same way here).
 *
 * The model is a script of one step: the first request after `script` is
 * answered with one `functionCall` part; a request whose last turn carries
 * `functionResponse` parts (what the CLI sends back after running, or not
 * running, the call) with a final text. Every request is kept, so a test can
 * read the `functionResponse` the model was given. Any other path is a 404,
 * and listed in `unexpected()`.
 */
import type http from "node:http";
import { startLocalJsonServer } from "./local-json-server.js";

export interface FunctionCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** A `functionResponse` part as Gemini CLI sends it back: `response` is `{output}` or `{error}`. */
export interface FunctionResponse {
  readonly name: string;
  readonly id?: string;
  readonly response: { readonly output?: unknown; readonly error?: unknown };
}

interface Part {
  readonly text?: string;
  readonly functionCall?: unknown;
  readonly functionResponse?: FunctionResponse;
}

interface GenerateContentRequest {
  readonly contents?: ReadonlyArray<{ readonly role?: string; readonly parts?: readonly Part[] }>;
  readonly tools?: ReadonlyArray<{ readonly functionDeclarations?: ReadonlyArray<{ readonly name?: string }> }>;
}

export interface FakeGemini {
  /** `http://127.0.0.1:PORT`, for GOOGLE_GEMINI_BASE_URL. */
  readonly origin: string;
  /** The call the model makes next; clears what earlier sessions recorded. */
  script(call: FunctionCall): void;
  /** The names of the functions Gemini CLI declared in the requests since `script`. */
  offeredTools(): string[];
  /** The function responses Gemini CLI sent since `script`. */
  functionResponses(): FunctionResponse[];
  /** Requests since `script` that were not a model call (method and path). */
  unexpected(): string[];
  close(): Promise<void>;
}

const GENERATE = /^\/v1beta\/models\/[^/:]+:(streamGenerateContent|generateContent)(\?|$)/;

export async function startFakeGemini(): Promise<FakeGemini> {
  let call: FunctionCall | null = null;
  let used = false;
  let requests: GenerateContentRequest[] = [];
  let unexpected: string[] = [];

  const server = await startLocalJsonServer((req, parsed, res) => {
    const m = req.method === "POST" ? GENERATE.exec(req.url ?? "") : null;
    if (m === null) {
      unexpected.push(`${req.method} ${req.url}`);
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":404,"message":"not in the stand-in"}}');
      return;
    }
    const body = parsed as GenerateContentRequest;
    requests.push(body);
    const answering = (body.contents?.at(-1)?.parts ?? []).some((p) => p.functionResponse !== undefined);
    const next = !answering && !used && call !== null ? call : null;
    if (next !== null) used = true;
    const parts = next !== null ? [{ functionCall: next }] : [{ text: "done" }];
    answer(res, m[1] === "streamGenerateContent", parts);
  });

  return {
    origin: server.origin,
    script(next) {
      call = next;
      used = false;
      requests = [];
      unexpected = [];
    },
    offeredTools: () => [...new Set(requests.flatMap((r) => (r.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => String(f.name)))))],
    functionResponses: () =>
      requests.flatMap((r) => (r.contents?.at(-1)?.parts ?? []).flatMap((p) => (p.functionResponse !== undefined ? [p.functionResponse] : []))),
    unexpected: () => [...unexpected],
    close: () => server.close(),
  };
}

function answer(res: http.ServerResponse, stream: boolean, parts: readonly unknown[]): void {
  const chunk = {
    candidates: [{ index: 0, content: { role: "model", parts }, finishReason: "STOP" }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: "stand-in",
  };
  if (!stream) {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(chunk));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.end();
}
