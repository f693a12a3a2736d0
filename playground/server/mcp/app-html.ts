// The sales chart's HTML: the official MCP Apps SDK (@modelcontextprotocol/ext-apps' App, its
// self-contained build) inlined as a module — an app's HTML has no server of its own, and its CSP
// lets nothing load from the network — followed by the chart's own script.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The SDK bundle with its `export { … }` turned into a `const sdk = { App, … }` the app's script reads. */
function inlineSdk(): string {
  const bundle = readFileSync(require.resolve("@modelcontextprotocol/ext-apps/app-with-deps"), "utf8");
  const match = /export\s*\{([^}]*)\}\s*;?\s*(\/\/#\s*sourceMappingURL=\S*\s*)?$/.exec(bundle);
  if (match === null) throw new Error("@modelcontextprotocol/ext-apps/app-with-deps: no export list at the end");
  const names = match[1]!.split(",").map((entry) => {
    const [local, exported] = entry.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported ?? local)}: ${local}`;
  });
  return `${bundle.slice(0, match.index)}\nconst sdk = { ${names.join(", ")} };\n`;
}

const APP_SCRIPT = `
const { App } = sdk;
const app = new App({ name: "sales-chart", version: "1.0.0" }, {});
const $ = (id) => document.getElementById(id);
let region = "";
function draw(data) {
  if (!data || !Array.isArray(data.months)) return;
  region = data.region ?? region;
  $("title").textContent = "Sales in " + region + (data.top ? " — top " + data.months.length : "");
  const max = Math.max(...data.months.map((m) => m.sales), 1);
  const chart = $("chart");
  chart.replaceChildren(...data.months.map((m) => {
    const row = document.createElement("li");
    row.dataset.month = m.month;
    const bar = document.createElement("span");
    bar.className = "bar";
    bar.style.width = Math.round((m.sales / max) * 100) + "%";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = m.month + ": " + m.sales;
    row.append(label, bar);
    return row;
  }));
}
// What this frame can reach of the page that hosts it: nothing, in a sandbox without allow-same-origin.
function probe(what, read) {
  try { read(); return what + ": reachable"; } catch { return what + ": blocked"; }
}
$("isolation").textContent = [
  probe("page DOM", () => window.parent.document.title),
  probe("storage", () => window.localStorage.length),
  probe("cookies", () => document.cookie),
].join("; ");
app.ontoolinput = ({ arguments: args }) => { region = String(args?.region ?? ""); $("title").textContent = "Sales in " + region; };
app.ontoolresult = (result) => draw(result.structuredContent);
app.onteardown = async () => { $("status").textContent = "closing"; return {}; };
$("top").addEventListener("click", async () => {
  $("status").textContent = "asking for the top months…";
  const result = await app.callServerTool({ name: "top_months", arguments: { region, count: 3 } });
  if (result.isError) { $("status").textContent = result.content?.[0]?.text ?? "failed"; return; }
  draw(result.structuredContent);
  $("status").textContent = "top 3 from the server";
});
$("ask").addEventListener("click", () => {
  app.sendMessage({ role: "user", content: [{ type: "text", text: "Which month was best in " + region + "?" }] });
});
await app.connect();
`;

const STYLE = `
body{font:14px system-ui,sans-serif;margin:0;padding:12px;color:#1f2937}
h2{font-size:15px;margin:0 0 8px}
ol{list-style:none;margin:0 0 8px;padding:0;display:grid;gap:4px}
li{display:grid;grid-template-columns:7em 1fr;align-items:center;gap:8px}
.bar{display:block;height:14px;background:#2563eb;border-radius:3px}
button{font:inherit;margin-right:6px;padding:4px 10px;border:1px solid #d4d4d8;border-radius:6px;background:#fff;cursor:pointer}
p{margin:6px 0 0;color:#6b7280;font-size:12px}
`;

let cached: string | undefined;

/** The app's whole HTML document. */
export function salesChartHtml(): string {
  cached ??= `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>
<h2 id="title">Sales</h2>
<ol id="chart" aria-label="Sales by month"></ol>
<button id="top" type="button">Top 3 months</button><button id="ask" type="button">Ask the agent</button>
<p id="status" role="status"></p>
<p id="isolation"></p>
<script type="module">${inlineSdk()}${APP_SCRIPT}</script>
</body></html>`;
  return cached;
}
