import { RuleMatcher } from "../compiler/analysis/matching-rules.js";
import { loadPolicy } from "../runtime/index.js";
import { formatFrom } from "./compile-command.js";
import { explainRaw, explainToolCall, renderHuman, type Context } from "./explain-trace.js";
import { parseOptions, UsageError } from "./usage.js";

export async function runExplain(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      policy: { type: "string" },
      cwd: { type: "string" },
      home: { type: "string" },
      yolo: { type: "boolean" },
      format: { type: "string" },
      rule: { type: "string", multiple: true },
    },
  });
  if (!values.policy) throw new UsageError("explain needs --policy <module.mjs>");
  if (positionals.length !== 1) throw new UsageError('explain takes one request as JSON, e.g. \'{"tool":"bash","input":{"command":"git push"}}\'');
  const format = formatFrom(values.format);
  let request: Record<string, unknown>;
  try {
    request = JSON.parse(positionals[0]!) as Record<string, unknown>;
    if (typeof request !== "object" || request === null || Array.isArray(request)) throw new Error();
  } catch {
    throw new UsageError("the request must be a JSON object");
  }
  const policy = await loadPolicy(values.policy, values.home !== undefined ? { home: values.home } : {});
  if (policy.error || !policy.info) {
    process.stderr.write(`permc explain: error: ${policy.error ?? "no policy"}; every request is denied\n`);
    return 1;
  }
  const ctx: Context = {
    policy,
    matcher: new RuleMatcher(policy.rules, { home: policy.info.home, platform: policy.info.platform }),
    named: values.rule ?? [],
  };
  const yolo = values.yolo ?? false;
  const explained =
    typeof request.surface === "string" && typeof request.value === "string"
      ? explainRaw(ctx, request.surface, request.value, yolo)
      : await explainToolCall(ctx, request, { cwd: values.cwd ?? process.cwd(), yolo, ...(values.home !== undefined ? { home: values.home } : {}) });
  process.stdout.write(format === "json" ? JSON.stringify(explained, null, 2) + "\n" : renderHuman(explained, ctx.named) + "\n");
  return 0;
}
