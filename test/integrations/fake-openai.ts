/**
 * A stand-in for an OpenAI-compatible chat completions API on 127.0.0.1, so
 * the real OpenCode CLI can run offline with a custom provider
 * (`@ai-sdk/openai-compatible`, built into OpenCode) pointed at it
 * (test/integrations/opencode-real.test.ts). OpenCode asks for streamed
 * answers: `data:` lines of `chat.completion.chunk` objects, then
 * `data: [DONE]`.
 *
 * The model follows a script of tool calls: a request that offers tools gets
 * the next call (the n-th after n tool results in the conversation), then
 * "done"; a request without tools (OpenCode's title request) gets a title.
 * Every request body is kept, so a test can read what the model was told.
 */
import type http from "node:http";
import { startLocalJsonServer } from "./local-json-server.js";

export interface ScriptedCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

interface ChatMessage {
  readonly role?: string;
  readonly content?: unknown;
}

interface ChatRequest {
  readonly model?: string;
  readonly tools?: ReadonlyArray<{ readonly function?: { readonly name?: string } }>;
  readonly messages?: readonly ChatMessage[];
}

export interface FakeOpenAI {
  /** The base URL to configure (ends in /v1). */
  readonly baseURL: string;
  script(calls: readonly ScriptedCall[]): void;
  /** The names of the tools offered since `script`. */
  offeredTools(): string[];
  /** What the model was told of each tool call, in order, from the last request since `script`. */
  toolMessages(): string[];
  close(): Promise<void>;
}

export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === "string" ? p : String((p as { text?: unknown }).text ?? ""))).join("");
  return "";
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  let calls: readonly ScriptedCall[] = [];
  let requests: ChatRequest[] = [];
  let ids = 0;

  const server = await startLocalJsonServer((_req, parsed, res) => {
    const body = parsed as ChatRequest;
    requests.push(body);
    const messages = body.messages ?? [];
    const done = messages.filter((m) => m.role === "tool").length;
    const offered = (body.tools ?? []).length > 0;
    const next = offered && done < calls.length ? calls[done]! : null;
    stream(res, body.model ?? "fake", `call_fake_${++ids}`, next, offered ? "done" : "a title");
  });

  return {
    baseURL: `${server.origin}/v1`,
    script(next) {
      calls = next;
      requests = [];
    },
    offeredTools: () => [...new Set(requests.flatMap((r) => (r.tools ?? []).map((t) => String(t.function?.name))))],
    toolMessages: () => {
      const last = requests.filter((r) => (r.tools ?? []).length > 0).at(-1);
      return (last?.messages ?? []).filter((m) => m.role === "tool").map((m) => textOf(m.content));
    },
    close: () => server.close(),
  };
}

function stream(res: http.ServerResponse, model: string, id: string, call: ScriptedCall | null, text: string): void {
  const base = { id: `chatcmpl-${id}`, object: "chat.completion.chunk", created: 0, model };
  const chunk = (delta: object, finish: string | null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const events = call
    ? [
        chunk(
          { role: "assistant", tool_calls: [{ index: 0, id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } }] },
          null,
        ),
        chunk({}, "tool_calls"),
      ]
    : [chunk({ role: "assistant", content: text }, null), chunk({}, "stop")];
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`);
  res.end("data: [DONE]\n\n");
}
