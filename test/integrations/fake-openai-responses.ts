/**
 * A local stand-in for OpenAI's Responses API (`POST /v1/responses`, streamed
 * as server-sent events), as Codex CLI speaks it: the model's first answer in
 * a turn is the one tool call the test scripted (a `function_call` such as
 * `exec_command`, or the freeform `custom_tool_call` `apply_patch`); once the
 * request carries that call's output, it answers with a short message. Each
 * tool output Codex sends back is recorded: it is what the model reads.
 */
import type http from "node:http";
import { type LocalServer, startLocalJsonServer } from "./local-json-server.js";

export type ScriptedCall =
  | { readonly type: "function_call"; readonly name: string; readonly arguments: string }
  | { readonly type: "custom_tool_call"; readonly name: string; readonly input: string };

export interface FakeResponses extends LocalServer {
  /** The call the model makes next. */
  script(call: ScriptedCall): void;
  /** The tool outputs Codex sent back, in order. */
  readonly outputs: string[];
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

export async function startFakeResponses(): Promise<FakeResponses> {
  let next: ScriptedCall | null = null;
  let n = 0;
  const outputs: string[] = [];
  const server = await startLocalJsonServer((req: http.IncomingMessage, body: unknown, res: http.ServerResponse) => {
    if (req.method !== "POST" || !req.url?.endsWith("/responses") || !isRecord(body)) {
      res.writeHead(404).end();
      return;
    }
    const input = Array.isArray(body.input) ? body.input.filter(isRecord) : [];
    const answered = input.filter((i) => i.type === "function_call_output" || i.type === "custom_tool_call_output");
    for (const a of answered) if (!outputs.includes(String(a.output))) outputs.push(String(a.output));
    const id = `resp_${++n}`;
    res.writeHead(200, { "content-type": "text/event-stream" });
    const send = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    send("response.created", { response: { id } });
    const call = answered.length === 0 ? next : null;
    const item =
      call === null
        ? { type: "message", role: "assistant", id: `msg_${n}`, content: [{ type: "output_text", text: "done" }] }
        : { ...call, id: `item_${n}`, call_id: `call_${n}` };
    send("response.output_item.done", { output_index: 0, item });
    send("response.completed", { response: { id, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } });
    res.end();
  });
  return {
    ...server,
    outputs,
    script: (call) => {
      next = call;
    },
  };
}
