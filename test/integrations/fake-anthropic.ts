/**
 * A stand-in for Anthropic's Messages API on 127.0.0.1, so the real Claude
 * Code CLI can run offline (test/integrations/claude-code-real.test.ts).
 * Claude Code sends `POST /v1/messages` with `stream: true` and reads the
 * answer as server-sent events (`message_start`, `content_block_start`,
 * `content_block_delta`, `content_block_stop`, `message_delta`,
 * `message_stop`), as Anthropic documents its streaming format.
 *
 * The model is a script of one step: the first request that offers the tool
 * in `tools` is answered with one `tool_use` of it; every other request
 * (the one carrying the tool's result, any side request) with "done". Every
 * request body is kept, so a test can read the `tool_result` Claude Code
 * sent back.
 */
import type http from "node:http";
import { startLocalJsonServer } from "./local-json-server.js";

export interface ToolUse {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

interface MessagesRequest {
  readonly model?: string;
  readonly tools?: ReadonlyArray<{ readonly name?: string }>;
  readonly messages?: ReadonlyArray<{ readonly content?: unknown }>;
}

/** A `tool_result` block as Claude Code sends it back. */
export interface ToolResult {
  readonly tool_use_id: string;
  readonly is_error?: boolean;
  readonly content?: unknown;
}

export interface FakeAnthropic {
  readonly url: string;
  /** The tool call the next conversation makes; clears what earlier ones recorded. */
  script(call: ToolUse): void;
  /** The names of the tools Claude Code offered in the requests since `script`. */
  offeredTools(): string[];
  /** The tool results Claude Code sent since `script`. */
  toolResults(): ToolResult[];
  close(): Promise<void>;
}

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  let call: ToolUse | null = null;
  let used = false;
  let requests: MessagesRequest[] = [];
  let ids = 0;

  const server = await startLocalJsonServer((req, parsed, res) => {
    if (req.method !== "POST" || !req.url?.startsWith("/v1/messages")) {
      res.writeHead(req.method === "HEAD" ? 200 : 404).end();
      return;
    }
    const body = parsed as MessagesRequest;
    requests.push(body);
    const offersTool = call !== null && (body.tools ?? []).some((t) => t.name === call!.name);
    const toolUse = offersTool && !used ? call : null;
    if (toolUse) used = true;
    answer(res, body.model ?? "claude", toolUse, `toolu_fake_${++ids}`);
  });

  return {
    url: server.origin,
    script(next) {
      call = next;
      used = false;
      requests = [];
    },
    offeredTools: () => [...new Set(requests.flatMap((r) => (r.tools ?? []).map((t) => String(t.name))))],
    toolResults: () =>
      requests.flatMap((r) => {
        const last = r.messages?.at(-1)?.content;
        return Array.isArray(last) ? (last as Array<{ type?: string }>).filter((b) => b.type === "tool_result").map((b) => b as unknown as ToolResult) : [];
      }),
    close: () => server.close(),
  };
}

function answer(res: http.ServerResponse, model: string, toolUse: ToolUse | null, id: string): void {
  const usage = { input_tokens: 1, output_tokens: 1 };
  const block = toolUse ? { type: "tool_use", id, name: toolUse.name, input: {} } : { type: "text", text: "" };
  const delta = toolUse ? { type: "input_json_delta", partial_json: JSON.stringify(toolUse.input) } : { type: "text_delta", text: "done" };
  const events = [
    { type: "message_start", message: { id: `msg_${id}`, type: "message", role: "assistant", model, content: [], stop_reason: null, usage } },
    { type: "content_block_start", index: 0, content_block: block },
    { type: "content_block_delta", index: 0, delta },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: toolUse ? "tool_use" : "end_turn", stop_sequence: null }, usage },
    { type: "message_stop" },
  ];
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const event of events) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  res.end();
}
