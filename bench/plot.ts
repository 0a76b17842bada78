/**
 * `npm run bench -- --plot`: line charts as a standalone SVG, log-log, one
 * panel per question (check() cost against rule count for permc and both
 * baselines; bash decide against the bare parse by command length). A chart
 * is a few axes and polylines, written directly; graphs of states and rules
 * (`permc graph`) are Graphviz's job.
 */

export interface Series {
  readonly name: string;
  readonly color: string;
  /** [x, y], x and y > 0 (log axes). */
  readonly points: ReadonlyArray<readonly [number, number]>;
}

export interface Panel {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly Series[];
}

const W = 520;
const H = 360;
const M = { left: 70, right: 20, top: 40, bottom: 90 };

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Powers of ten covering [lo, hi], at least two. */
export function decades(lo: number, hi: number): number[] {
  const first = Math.floor(Math.log10(lo));
  const last = Math.max(first + 1, Math.ceil(Math.log10(hi)));
  return Array.from({ length: last - first + 1 }, (_, i) => 10 ** (first + i));
}

function tickLabel(v: number): string {
  return v >= 1 ? v.toLocaleString("en-US") : String(v);
}

function panelSvg(panel: Panel, offsetX: number): string {
  const points = panel.series.flatMap((s) => s.points).filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y));
  if (points.length === 0)
    return `<g transform="translate(${offsetX},0)"><text x="${W / 2}" y="${H / 2}" text-anchor="middle">${escapeXml(panel.title)}: no data</text></g>`;
  const xs = decades(Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0])));
  const ys = decades(Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[1])));
  const [x0, x1] = [Math.log10(xs[0]!), Math.log10(xs[xs.length - 1]!)];
  const [y0, y1] = [Math.log10(ys[0]!), Math.log10(ys[ys.length - 1]!)];
  const px = (x: number) => M.left + ((Math.log10(x) - x0) / (x1 - x0)) * (W - M.left - M.right);
  const py = (y: number) => H - M.bottom - ((Math.log10(y) - y0) / (y1 - y0)) * (H - M.top - M.bottom);
  const out: string[] = [`<g transform="translate(${offsetX},0)">`];
  out.push(`<text x="${W / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(panel.title)}</text>`);
  for (const x of xs) {
    out.push(`<line x1="${px(x).toFixed(1)}" y1="${M.top}" x2="${px(x).toFixed(1)}" y2="${H - M.bottom}" stroke="#e3e3e3"/>`);
    out.push(`<text x="${px(x).toFixed(1)}" y="${H - M.bottom + 16}" text-anchor="middle" font-size="11">${tickLabel(x)}</text>`);
  }
  for (const y of ys) {
    out.push(`<line x1="${M.left}" y1="${py(y).toFixed(1)}" x2="${W - M.right}" y2="${py(y).toFixed(1)}" stroke="#e3e3e3"/>`);
    out.push(`<text x="${M.left - 6}" y="${(py(y) + 4).toFixed(1)}" text-anchor="end" font-size="11">${tickLabel(y)}</text>`);
  }
  out.push(`<rect x="${M.left}" y="${M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="none" stroke="#888"/>`);
  out.push(`<text x="${(M.left + W - M.right) / 2}" y="${H - M.bottom + 36}" text-anchor="middle" font-size="12">${escapeXml(panel.xLabel)}</text>`);
  out.push(`<text transform="translate(16,${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="12">${escapeXml(panel.yLabel)}</text>`);
  panel.series.forEach((s, i) => {
    const pts = s.points.filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y));
    if (pts.length > 1)
      out.push(
        `<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${pts.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ")}"/>`,
      );
    for (const [x, y] of pts)
      out.push(
        `<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="3" fill="${s.color}"><title>${escapeXml(`${s.name}: ${tickLabel(x)} → ${y.toPrecision(3)}`)}</title></circle>`,
      );
    const ly = H - M.bottom + 52 + 14 * Math.floor(i / 2);
    const lx = M.left + (i % 2) * 220;
    out.push(`<line x1="${lx}" y1="${ly - 4}" x2="${lx + 18}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2"/>`);
    out.push(`<text x="${lx + 24}" y="${ly}" font-size="11">${escapeXml(s.name)}</text>`);
  });
  out.push("</g>");
  return out.join("\n");
}

/** Panels side by side, with a caption line (machine, Node) under them. */
export function chartSvg(panels: readonly Panel[], caption: string): string {
  const width = W * panels.length;
  const height = H + 24;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    ...panels.map((p, i) => panelSvg(p, i * W)),
    `<text x="${width / 2}" y="${height - 8}" text-anchor="middle" font-size="11" fill="#555">${escapeXml(caption)}</text>`,
    "</svg>",
    "",
  ].join("\n");
}
