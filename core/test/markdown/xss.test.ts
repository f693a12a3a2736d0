// @vitest-environment jsdom
// Safe by default: no markup from the model reaches the DOM, and links and images keep only
// safe protocols — drawn at once, streamed a character at a time, and as server markup.
import { describe, expect, it } from "vitest";
import { createMarkdownStream, markdownToHtml, renderMarkdown, safeUrl } from "../../src/markdown/index.js";

const PAYLOADS: readonly string[] = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)></svg>",
  "<iframe src=\"javascript:alert(1)\"></iframe>",
  "<a href=\"javascript:alert(1)\">x</a>",
  "<div style=\"background:url(javascript:alert(1))\">x</div>",
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](java\tscript:alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](&#x6A;avascript&#58;alert(1))",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](file:///etc/passwd)",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "<javascript:alert(1)>",
  "[x]( javascript:alert(1) )",
  "[x](<javascript:alert(1)>)",
  "[x](http://example.com \"title\\\" onmouseover=\\\"alert(1)\")",
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  "```\"><script>alert(1)</script>\ncode\n```",
  "```js onload=alert(1)\ncode\n```",
  "<!-- <script>alert(1)</script> -->",
  "<style>body{display:none}</style>",
  "<form action=\"https://evil.example\"><input name=x></form>",
  "<base href=\"https://evil.example/\">",
  "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
  "**<img src=x onerror=alert(1)>**",
  "| a |\n| - |\n| <script>alert(1)</script> |",
  "- [ ] <input onfocus=alert(1) autofocus>",
  "`<script>alert(1)</script>`",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "[x](https://example.com/\"onmouseover=\"alert(1))",
];

const FORBIDDEN = new Set(["script", "iframe", "object", "embed", "style", "svg", "math", "form", "base", "meta", "link", "frame", "frameset"]);
const ALLOWED_PROTOCOL = /^(https?:|mailto:|tel:|[^:]*$|[^:]*[/?#])/i;

function violations(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll("*")) {
    const tag = element.localName;
    if (FORBIDDEN.has(tag)) found.push(`<${tag}>`);
    if (tag === "input" && !(element.getAttribute("type") === "checkbox" && element.hasAttribute("disabled"))) found.push("an enabled <input>");
    for (const { name, value } of Array.from(element.attributes)) {
      if (name.startsWith("on")) found.push(`${tag}[${name}]`);
      if (name === "style") found.push(`${tag}[style]`);
      if ((name === "href" || name === "src") && !ALLOWED_PROTOCOL.test(value.replace(/[\u0000-\u0020]/g, ""))) found.push(`${tag}[${name}=${value}]`);
    }
    if (tag === "code" && /[^\w#+.-]/.test((element.getAttribute("class") ?? "").replace(/^language-/, ""))) found.push(`code[class=${element.getAttribute("class")}]`);
  }
  return found;
}

describe("markdown is safe by default", () => {
  for (const payload of PAYLOADS) {
    it(`keeps ${JSON.stringify(payload.slice(0, 50))} inert`, () => {
      const once = document.createElement("div");
      renderMarkdown(once, payload, { highlighter: false });
      expect(violations(once)).toEqual([]);

      const streamed = document.createElement("div");
      const stream = createMarkdownStream(streamed, { highlighter: false });
      for (const char of payload) {
        stream.append(char);
        expect(violations(streamed)).toEqual([]);
      }
      stream.setStreaming(false);
      expect(streamed.innerHTML).toBe(once.innerHTML);

      const server = document.createElement("div");
      server.innerHTML = markdownToHtml(payload, { highlighter: false });
      expect(violations(server)).toEqual([]);
    });
  }

  it("shows the model's HTML as text", () => {
    const element = document.createElement("div");
    renderMarkdown(element, "<b>bold?</b> <script>alert(1)</script>", { highlighter: false });
    expect(element.textContent).toBe("<b>bold?</b> <script>alert(1)</script>");
    expect(element.querySelector("b")).toBeNull();
  });

  it("safeUrl keeps http(s), mailto, tel and relative links, and refuses other schemes", () => {
    for (const url of ["https://a.example/x", "http://a.example", "mailto:a@b.example", "tel:+123", "/path", "page.html", "#anchor", "?q=1", "./a:b"]) {
      expect(safeUrl(url, "link")).toBe(url);
    }
    for (const url of ["javascript:alert(1)", " JAVASCRIPT:x", "java\nscript:x", "data:text/html,x", "vbscript:x", "file:///x", "blob:https://a/b", "chrome://settings"]) {
      expect(safeUrl(url, "link")).toBeNull();
    }
    expect(safeUrl("mailto:a@b.example", "image")).toBeNull();
    expect(safeUrl("https://a.example/i.png", "image")).toBe("https://a.example/i.png");
  });

  it("a URL policy of the app's own decides instead", () => {
    const element = document.createElement("div");
    renderMarkdown(element, "[in](https://ours.example/a) and [out](https://theirs.example/b)", {
      highlighter: false,
      urlPolicy: (url) => (url.startsWith("https://ours.example/") ? url : null),
    });
    expect(element.innerHTML).toBe('<p><a href="https://ours.example/a" target="_blank" rel="noopener noreferrer">in</a> and out</p>');
  });
});
