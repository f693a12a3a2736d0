// Chat answers as a model writes them, for the "as it streams" check: every block kind, emphasis
// at the start of list items, tables, fences in lists and in a row, task lists, links in every
// form, images, and text that only looks like syntax. With corpus.ts's six, forty answers.
import { CORPUS } from "./corpus.js";

const MORE: readonly string[] = [
  `Here's a quick comparison of the plans:

| Plan | Price | Seats | Support |
| --- | ---: | :---: | --- |
| Free | $0 | 1 | Community |
| Team | $12/mo | 10 | Email |
| Business | $40/mo | 50 | **Priority** |

**My recommendation:** start with *Team* and upgrade once you pass ten people.`,

  `Sure! Here are the steps:

1. **Install** the CLI: \`npm i -g vercel\`
2. **Log in** with \`vercel login\`
3. **Deploy** from the project folder:

   \`\`\`bash
   vercel --prod
   \`\`\`

4. Check the URL it prints.

That's it — your app is live.`,

  `The error \`TypeError: Cannot read properties of undefined (reading 'map')\` means \`items\` is **undefined** when the component first renders.

Two fixes:

- **Default the prop:** \`const { items = [] } = props;\`
- **Guard the render:**
  - return \`null\` while loading
  - or render a skeleton

> **Tip:** TypeScript's \`strictNullChecks\` would have caught this at build time.`,

  `### Pros
- Fast startup
- Small bundle (~*12 KB* gzipped)
- Works without a build step

### Cons
- Smaller ecosystem
- No official devtools yet

### Verdict
For a **prototype**, go for it. For a *large* team app, I'd pick something with more tooling.`,

  `You can read a file line by line in Python like this:

\`\`\`python
with open("data.txt", encoding="utf-8") as f:
    for line in f:
        print(line.rstrip())
\`\`\`

And in Node.js:

\`\`\`js
import { createInterface } from "node:readline";
import { createReadStream } from "node:fs";

const lines = createInterface({ input: createReadStream("data.txt") });
for await (const line of lines) console.log(line);
\`\`\`
\`\`\`ts
// The same with types
const count: number = 0;
\`\`\`

Both stream the file, so memory stays flat even for *huge* files.`,

  `**Short version:** yes, but with caveats.

**Longer version:**

- **Caching** — responses are cached for \`max-age\` seconds.
- **Invalidation** — a \`POST\` to the same URL does *not* invalidate it.
- **Vary** — set \`Vary: Accept-Encoding\` or proxies may serve gzip to clients that can't read it.

See [MDN on caching](https://developer.mozilla.org/en-US/docs/Web/HTTP/Caching) for the details.`,

  `# Weekly report

## Done
- [x] Migrated the auth service
- [x] Fixed the flaky **e2e** test
- [ ] ~~Rewrite the docs~~ (moved to next week)

## Next
- [ ] Ship the *billing* page
- [ ] Review PR #482

## Numbers
| Metric | Last week | This week |
|:--|--:|--:|
| Deploys | 14 | 19 |
| Incidents | 2 | 0 |`,

  `The formula for compound interest is A = P(1 + r/n)^(nt), where:

* **P** is the principal,
* **r** the annual rate (e.g. 0.05 for 5 %),
* **n** the number of times interest compounds per year,
* **t** the number of years.

So $1,000 at 5 % compounded monthly for 10 years gives about **$1,647.01**.`,

  `Here is a minimal \`Dockerfile\` for a Node app:

\`\`\`dockerfile
FROM node:20-alpine
WORKDIR /app
COPY package*.json ./
RUN npm ci --omit=dev
COPY . .
CMD ["node", "server.js"]
\`\`\`

Build and run it:

\`\`\`sh
docker build -t my-app .
docker run -p 3000:3000 my-app
\`\`\`

> Use \`npm ci\`, not \`npm install\`: it installs exactly what the lockfile says.`,

  `Good question! The difference between \`==\` and \`===\` in JavaScript:

- \`==\` compares **after type coercion**: \`"1" == 1\` is \`true\`.
- \`===\` compares **without coercion**: \`"1" === 1\` is \`false\`.

A few surprising cases with \`==\`:

| Expression | Result |
| --- | --- |
| \`null == undefined\` | \`true\` |
| \`0 == ""\` | \`true\` |
| \`[] == false\` | \`true\` |

Rule of thumb: *always* use \`===\` unless you mean \`x == null\`.`,

  `I'd structure the project like this:

\`\`\`
src/
  routes/
    +page.svelte
    api/
      chat/+server.ts
  lib/
    components/
    stores/
static/
\`\`\`

- **\`routes/\`** holds pages and endpoints
- **\`lib/\`** is importable as \`$lib\`
  - put shared *components* here
  - and your stores
- **\`static/\`** is served as is`,

  `To undo the last commit but keep the changes:

\`\`\`bash
git reset --soft HEAD~1
\`\`\`

To throw the changes away too (careful!):

\`\`\`bash
git reset --hard HEAD~1
\`\`\`

If you already pushed, use \`git revert HEAD\` instead — it adds a new commit that undoes the old one, so nobody's history is rewritten.`,

  `Here's the summary of the paper:

> **Attention Is All You Need** (Vaswani et al., 2017) introduces the *Transformer*, a model built only on attention.
>
> - No recurrence, no convolutions
> - Trains faster on GPUs
> - New state of the art on WMT 2014 translation

The key idea is **scaled dot-product attention**: softmax(QK^T / sqrt(d_k)) V.`,

  `Your regex \`^\\d{3}-\\d{4}$\` only matches \`555-1234\`. To also allow an area code:

\`\`\`regex
^(\\(\\d{3}\\) ?)?\\d{3}-\\d{4}$
\`\`\`

This matches:
1. \`555-1234\`
2. \`(212) 555-1234\`
3. \`(212)555-1234\`

It does **not** match \`212-555-1234\` — add \`|\\d{3}-\` to the group if you need that.`,

  `Sure, here's a haiku about TypeScript:

*Types guard every door,*
*the compiler hums softly —*
*\`any\` slips on through.*

Want one about **Rust** next? 🦀`,

  `Let me break the bill down:

| Item | Qty | Unit | Total |
|------|----:|-----:|------:|
| Hosting | 1 | 20.00 | 20.00 |
| Domain | 2 | 12.50 | 25.00 |
| Email | 5 | 6.00 | 30.00 |
| **Sum** | | | **75.00** |

VAT (20 %) comes to 15.00, so the invoice total is **90.00**.`,

  `The \`useEffect\` runs twice because of **React Strict Mode** in development.

It mounts, unmounts and mounts again on purpose, to surface effects that don't clean up. Your effect should return a cleanup:

\`\`\`tsx
useEffect(() => {
  const id = setInterval(tick, 1000);
  return () => clearInterval(id);
}, []);
\`\`\`

In a production build it runs *once*.`,

  `Here are three ways to center a div:

1. **Flexbox**
   \`\`\`css
   .parent { display: flex; justify-content: center; align-items: center; }
   \`\`\`
2. **Grid**
   \`\`\`css
   .parent { display: grid; place-items: center; }
   \`\`\`
3. **Absolute + transform**
   \`\`\`css
   .child { position: absolute; top: 50%; left: 50%; transform: translate(-50%, -50%); }
   \`\`\`

Grid is the shortest; flexbox is the most familiar.`,

  `**Meeting notes — 12 March**

Attendees: Ana, Ben, *Chidi* (remote)

- Budget approved for Q2
- Launch moved to **April 3**
  - marketing needs the final copy by March 25
  - _design_ to send the banners
- Open question: do we keep the old pricing page?

Action items:
- [ ] Ana — update the roadmap
- [ ] Ben — book the venue`,

  `You can see the architecture below:

![Architecture diagram](https://example.com/images/architecture.png)

The **gateway** routes requests to three services:

- \`auth\` — sessions and tokens
- \`catalog\` — products, read-heavy, cached
- \`orders\` — writes go through a queue

![Queue flow](https://cdn.example.com/queue.svg "Order queue")`,

  `The error comes from this line:

\`\`\`rust
let name = user.name.unwrap();
\`\`\`

\`unwrap()\` panics when the value is \`None\`. Handle it instead:

\`\`\`rust
let name = match user.name {
    Some(n) => n,
    None => return Err(Error::MissingName),
};
\`\`\`

Or, shorter: \`let name = user.name.ok_or(Error::MissingName)?;\``,

  `A few **SQL** tips for your query:

- Add an index on \`orders(customer_id, created_at)\`
- Replace \`SELECT *\` with the columns you need
- Use \`EXISTS\` instead of \`IN (subquery)\` for large sets

\`\`\`sql
SELECT c.id, c.name
FROM customers c
WHERE EXISTS (
  SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.created_at > now() - interval '30 days'
);
\`\`\`

With the index this should drop from ~*2 s* to a few **ms**.`,

  `Great choice! Here's a 3-day itinerary for **Lisbon**:

## Day 1 — Alfama
- Morning: *Castelo de São Jorge*
- Lunch: sardines at a tasca
- Evening: fado in a small bar

## Day 2 — Belém
- Jerónimos Monastery
- **Pastéis de Belém** (go early!)
- Sunset at the MAAT

## Day 3 — Sintra
Take the train from Rossio (40 min). Visit **Pena Palace** and the *Quinta da Regaleira*.

> Buy the Lisboa Card if you plan to use public transport a lot.`,

  `In short: **\`let\`** is block-scoped, **\`var\`** is function-scoped.

\`\`\`js
for (var i = 0; i < 3; i++) setTimeout(() => console.log(i));
// 3 3 3
for (let j = 0; j < 3; j++) setTimeout(() => console.log(j));
// 0 1 2
\`\`\`

With \`var\` all three callbacks share one \`i\`; \`let\` makes a new binding per iteration.`,

  `Here's what each HTTP status family means:

- **1xx** informational
- **2xx** success — \`200 OK\`, \`201 Created\`, \`204 No Content\`
- **3xx** redirection — \`301\`, \`302\`, \`304 Not Modified\`
- **4xx** client error — \`400\`, \`401\`, \`403\`, \`404\`, \`429 Too Many Requests\`
- **5xx** server error — \`500\`, \`502\`, \`503\`

A \`401\` means *not authenticated*; a \`403\` means *authenticated but not allowed*.`,

  `To convert the list, use a dict comprehension:

\`\`\`python
pairs = [("a", 1), ("b", 2)]
lookup = {key: value for key, value in pairs}
\`\`\`

Note: the variable names \`snake_case_names\` and \`__dunder__\` methods are *conventions*, not syntax. The \`_\` prefix marks something as private by convention only.`,

  `Step 1: open **Settings → Privacy**.
Step 2: turn off *Location history*.
Step 3: tap **Delete all** under "Activity".

That removes the history from the device; to remove it from the cloud too, sign in at [account.example.com](https://account.example.com/privacy) and repeat step 3 there.`,

  `| Language | Typing | GC | Typical use |
| --- | --- | --- | --- |
| Go | static | yes | services, CLIs |
| Rust | static | no | systems, WASM |
| Python | dynamic | yes | data, scripts |
| TypeScript | static (erased) | yes (JS) | web |

If you're building a **CLI**, Go and Rust both produce a single binary; Go compiles *much* faster.`,

  `The build fails because of a **peer dependency** conflict:

\`\`\`
npm ERR! ERESOLVE unable to resolve dependency tree
npm ERR! peer react@"^17" from some-lib@2.1.0
\`\`\`

Options:
1. Upgrade \`some-lib\` to a version that supports React 18 (check its changelog).
2. Use \`npm install --legacy-peer-deps\` — *works*, but hides real conflicts.
3. Add an \`overrides\` entry in \`package.json\`:

\`\`\`json
{ "overrides": { "some-lib": { "react": "$react" } } }
\`\`\``,

  `Sure — a recursive Fibonacci with memoization:

\`\`\`go
func fib(n int, memo map[int]int) int {
	if n < 2 {
		return n
	}
	if v, ok := memo[n]; ok {
		return v
	}
	memo[n] = fib(n-1, memo) + fib(n-2, memo)
	return memo[n]
}
\`\`\`

It runs in **O(n)** time instead of *O(2^n)*.`,

  `Nested quotes and lists work too:

> The first rule:
> > never trust *input*
>
> The second rule:
> 1. validate
> 2. **escape**
> 3. log

---

And a final note with a [reference link][guide] and a footnote-style mark[^1].

[guide]: https://example.com/guide "The guide"`,

  `Here's an email draft:

---

**Subject:** Project update — week 12

Hi team,

Quick update on where we are:

- The **API** is feature-complete.
- *Load testing* starts Monday.
- We're still waiting on legal for the terms page.

Thanks,
Sam

---

Want me to make it more formal?`,

  `Escaping matters: to show a literal asterisk write \\*, and a literal underscore \\_. For example \\*not italic\\* and 2 \\* 3 = 6.

Some text_with_underscores_inside stays plain, and so does a*b*c in code: \`a*b*c\`. Prices like $5 and $10 are not math.`,

  `The CSV has these columns:

| column | type | example |
| --- | --- | --- |
| \`id\` | integer | \`42\` |
| \`email\` | string | \`ana@example.com\` |
| \`signed_up\` | date | \`2024-03-01\` |
| \`plan\` | enum | \`team\` \\| \`free\` |

Load it with pandas:

\`\`\`python
import pandas as pd
df = pd.read_csv("users.csv", parse_dates=["signed_up"])
\`\`\``,
];

/** Forty chat answers: corpus.ts's six and these. */
export const ANSWERS: readonly string[] = [...CORPUS, ...MORE];
