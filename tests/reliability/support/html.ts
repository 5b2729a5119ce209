// A small HTML tokenizer for the XSS checks: the elements of a page with
// their attributes as a browser would read them (quoted values stay values,
// so escaped text inside an aria-label is not mistaken for an attribute), and
// the raw text of <script> elements.

export type Element = { tag: string; attributes: [string, string][]; text?: string };

const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

export function elements(html: string): Element[] {
  const out: Element[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "/" || html[lt + 1] === "?") {
      const end = html.indexOf(">", lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const name = /^<([a-zA-Z][^\s/>]*)/.exec(html.slice(lt, lt + 100));
    if (!name) {
      i = lt + 1;
      continue;
    }
    const tag = name[1]!.toLowerCase();
    let j = lt + name[0].length;
    const attributes: [string, string][] = [];
    while (j < html.length && html[j] !== ">") {
      const ws = /^[\s/]+/.exec(html.slice(j, j + 100));
      if (ws) {
        j += ws[0].length;
        continue;
      }
      const attr = /^([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/.exec(html.slice(j, j + 200_000));
      if (!attr) {
        j++;
        continue;
      }
      attributes.push([attr[1]!.toLowerCase(), attr[2] ?? attr[3] ?? attr[4] ?? ""]);
      j += attr[0].length;
    }
    const element: Element = { tag, attributes };
    i = j + 1;
    if (RAW_TEXT.has(tag)) {
      const close = html.toLowerCase().indexOf(`</${tag}`, i);
      element.text = html.slice(i, close < 0 ? html.length : close);
      i = close < 0 ? html.length : close;
    }
    out.push(element);
  }
  return out;
}

/** An attribute value as the browser sees it (character references decoded). */
export function decodeEntities(value: string): string {
  const named: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    colon: ":",
    tab: "\t",
    newline: "\n",
    sol: "/",
    lpar: "(",
    rpar: ")",
  };
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1]?.toLowerCase() === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return named[ref.toLowerCase()] ?? whole;
  });
}

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "poster", "data", "srcdoc"]);

/** Every part of a page that would run a payload: an injected script, an event-handler attribute with it, a script URL. */
export function unsafeParts(html: string, marker = /__xss|alert\(/): string[] {
  const found: string[] = [];
  if (/<script[^>]*>\s*window\.__xss/i.test(html)) found.push("raw <script>window.__xss");
  for (const element of elements(html)) {
    if (element.tag === "script" && element.text && /^\s*window\.__xss/.test(element.text))
      found.push(`<script>${element.text.slice(0, 60)}`);
    for (const [name, value] of element.attributes) {
      if (name.startsWith("on") && marker.test(value)) found.push(`<${element.tag} ${name}="${value.slice(0, 60)}">`);
      if (URL_ATTRIBUTES.has(name)) {
        const url = decodeEntities(value)
          .replace(/[\u0000-\u0020]/g, "")
          .toLowerCase();
        if (/^(javascript|vbscript):|^data:text\/html/.test(url))
          found.push(`<${element.tag} ${name}="${value.slice(0, 60)}">`);
      }
    }
  }
  return found;
}
