// Realistic assistant answers: every block kind a chat model writes, emphasis that spans deltas,
// CJK and emoji. Shared by the markdown tests (and nothing else).
export const CORPUS: readonly string[] = [
  `## Setting up the project

First install the dependencies with \`pnpm install\`, then start the dev server:

\`\`\`bash
pnpm install
pnpm dev --port 5173
\`\`\`

The server watches **every file** under \`src/\` and reloads *only* what changed.

### Options

1. \`--port\` picks the port (default **5173**)
2. \`--host\` binds another interface
   - \`0.0.0.0\` for every interface
   - \`127.0.0.1\` for this machine only
3. \`--open\` opens a browser

> **Note:** the first build can take a minute.
> Later builds are incremental.

See [the docs](https://vitejs.dev/guide/ "Vite guide") for more.`,

  `Here is a comparison of the three options:

| Library | Size (KB) | Streaming | License |
| :--- | ---: | :---: | --- |
| markdown-it | 102 | no | MIT |
| marked | 41 | partial | MIT |
| micromark | 58 | no | MIT |

In short, ~~none~~ all of them parse *CommonMark*; only one is **exact**.

- [x] parse tables
- [ ] parse footnotes
- [ ] ~~parse HTML~~

---

Final answer: use \`markdown-it\`.`,

  `# 快速入门 🚀

这是一个**流式渲染**的例子，包含中文、日本語のテキスト、그리고 한국어.

- 第一项：\`代码\`
- 第二项：*强调* 与 **加粗**
- 第三项 🎉 emoji 👩‍👩‍👧‍👦 and flags 🇯🇵

> 引用：「简单就是美」

\`\`\`python
def greet(name: str) -> str:
    # 问候
    return f"你好, {name}!"
\`\`\`

完成 ✅`,

  `The function below debounces calls:

\`\`\`ts
export function debounce<T extends unknown[]>(fn: (...args: T) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: T) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
\`\`\`

Use it like this: \`const save = debounce(persist, 200)\`. A few things to know:

* the **last** call wins,
* \`this\` is not bound — use an arrow function,
* the timer is cleared on every call.

    indented code block
    second line

Plain fence without a language:

\`\`\`
$ node --version
v20.20.2
\`\`\`

Links: https://example.com/autolinked and <https://example.org/angle>, plus an email <team@example.com>.`,

  `Steps to reproduce:

3. Open the app
4. Click **Save** twice
5. Watch the console

Expected: one request. Actual: *two* requests, the second with \`{"retry": true}\`.

Line one ends with two spaces  
so this is a hard break.

> Nested quote:
>
> > inner *quote* with \`code\`
>
> - and a list
> - inside the quote

~~~json
{ "name": "threadline", "version": "0.1.0" }
~~~

Heading underlined
------------------

Emphasis *across many words that arrive in separate deltas while the model is still typing* ends here.`,

  `Short answer: **yes**.

Long answer: it depends on \`NODE_ENV\`. When it is \`production\`, the bundler:

1. minifies the output;
2. drops \`process.env.DEBUG\` branches;

   which saves about **12 %** on average;

3. writes source maps.

![diagram](https://example.com/diagram.png "Build diagram")

Mixed inline: ***bold italic***, \`a*b*c\`, escaped \\*stars\\*, and a [link with \`code\`](https://example.com/a_b).`,
];
