/// <reference types="vite/client" />
/** The page: wires the editors to session.ts and keeps the state in the URL fragment. */
import { renderSvg } from "../../compiler/graph/index.js";
import { EXAMPLE } from "./example.js";
import { automatonDot, compilePolicy, decideCall, type CallResult, type CompiledPolicy, type PolicyKind } from "./session.js";
import { decodeState, encodeState, type PlaygroundState } from "./url-state.js";
// The same modules the aliases of node:fs and node:module load (vite.config.ts).
import { preloadFile } from "../shims/fs.js";
import { GRAMMAR_URL } from "../shims/module.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const kind = $<HTMLSelectElement>("kind");
const policy = $<HTMLTextAreaElement>("policy");
const calls = $<HTMLTextAreaElement>("calls");
const diagnostics = $<HTMLOListElement>("diagnostics");
const results = $<HTMLDivElement>("results");
const graph = $<HTMLDivElement>("graph");
const graphTitle = $<HTMLHeadingElement>("graph-title");
const status = $<HTMLSpanElement>("status");

let selected = 0;
/** Each update gets a number; a slower, older one never overwrites a newer one's output. */
let generation = 0;

function state(): PlaygroundState {
  return { kind: kind.value as PolicyKind, policy: policy.value, calls: calls.value };
}

function show(s: PlaygroundState): void {
  kind.value = s.kind;
  policy.value = s.policy;
  calls.value = s.calls;
}

/** Moves the caret to a diagnostic's place in the policy. */
function jumpTo(line: number, column: number): void {
  const lines = policy.value.split("\n");
  const offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  policy.focus();
  policy.setSelectionRange(offset, offset + 1);
}

function showDiagnostics(compiled: CompiledPolicy): void {
  diagnostics.replaceChildren();
  for (const d of compiled.diagnostics) {
    const li = document.createElement("li");
    li.className = d.severity;
    const where = d.line !== null ? `${d.line}:${d.column} ` : "";
    li.textContent = `${where}${d.severity} ${d.code} ${d.message}${d.notes.map((n) => `\n  note: ${n}`).join("")}${d.help ? `\n  help: ${d.help}` : ""}`;
    if (d.line !== null && d.column !== null) li.addEventListener("click", () => jumpTo(d.line!, d.column!));
    diagnostics.append(li);
  }
  if (compiled.diagnostics.length === 0) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = "no problems found";
    diagnostics.append(li);
  }
}

function showResults(list: readonly CallResult[], compiled: CompiledPolicy, run: number): void {
  results.replaceChildren();
  list.forEach((r, i) => {
    const box = document.createElement("div");
    box.className = `call${i === selected ? " selected" : ""}`;
    box.dataset.action = r.action;
    const head = document.createElement("div");
    const badge = document.createElement("span");
    badge.className = `decision ${r.action}`;
    badge.textContent = r.action;
    const code = document.createElement("code");
    code.textContent = ` ${r.line}`;
    head.append(badge, code);
    const trace = document.createElement("pre");
    trace.textContent = r.trace;
    box.append(head, trace);
    box.addEventListener("click", () => {
      selected = i;
      showResults(list, compiled, run);
    });
    results.append(box);
  });
  void showGraph(list[selected] ?? list[0], compiled, run);
}

async function showGraph(result: CallResult | undefined, compiled: CompiledPolicy, run: number): Promise<void> {
  const surface = result?.surface ?? null;
  if (surface === null) {
    graphTitle.textContent = "Automaton";
    graph.replaceChildren(
      document.createTextNode(compiled.graph ? "type a tool call to see the automaton that decides it" : "no automata: the policy has errors"),
    );
    return;
  }
  graphTitle.textContent = `Automaton of surface ${surface}`;
  const drawn = automatonDot(compiled, surface);
  if ("error" in drawn) {
    graph.replaceChildren(document.createTextNode(drawn.error));
    return;
  }
  const svg = await renderSvg(drawn.dot);
  if (run !== generation) return;
  graph.innerHTML = svg;
}

async function update(): Promise<void> {
  const run = ++generation;
  const s = state();
  history.replaceState(null, "", `#${encodeState(s)}`);
  status.textContent = "compiling…";
  const started = performance.now();
  const compiled = compilePolicy(s.kind, s.policy);
  showDiagnostics(compiled);
  const lines = s.calls.split("\n").filter((l) => l.trim() !== "");
  const list: CallResult[] = [];
  for (const line of lines) list.push(await decideCall(compiled, line));
  if (run !== generation) return;
  if (selected >= list.length) selected = 0;
  status.textContent = `compiled and decided in ${Math.round(performance.now() - started)} ms`;
  showResults(list, compiled, run);
}

let timer: ReturnType<typeof setTimeout> | undefined;
function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void update().catch(fail), 200);
}

function fail(e: unknown): void {
  status.textContent = `error: ${e instanceof Error ? e.message : String(e)}`;
}

show(decodeState(location.hash) ?? EXAMPLE);
for (const el of [policy, calls]) el.addEventListener("input", schedule);
kind.addEventListener("change", schedule);
window.addEventListener("hashchange", () => {
  const s = decodeState(location.hash);
  if (s && encodeState(s) !== encodeState(state())) {
    show(s);
    schedule();
  }
});
$<HTMLButtonElement>("share").addEventListener("click", () => {
  void navigator.clipboard?.writeText(location.href).then(
    () => (status.textContent = "link copied"),
    () => (status.textContent = "copy the address bar to share"),
  );
});
/**
 * The bash grammar is fetched before the first decision (the runtime reads it
 * synchronously). If it cannot load, the page says so: every command that
 * needs it would be decided as one permc cannot read, and that must not look
 * like the policy's answer.
 */
const grammar = preloadFile(GRAMMAR_URL).then(
  () => null,
  (e: unknown) => `the bash grammar could not be loaded (${e instanceof Error ? e.message : String(e)}): commands that need it are decided as unreadable (ask)`,
);
void grammar.then(async (problem) => {
  await update().catch(fail);
  if (problem !== null) status.textContent = `error: ${problem}`;
});
