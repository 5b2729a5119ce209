// A local ESLint plugin (eslint.config.mjs loads it as `loyaltap`) with one rule,
// `no-literal-ui-string`: every text a person reads comes from the message
// catalogs (docs/i18n.md), so a component under app/ or components/ must not
// render a literal one. It reports
//  - JSX text that contains a letter ("Save", "3 stamps"), and a string literal
//    rendered as a JSX child ({"Save"}, {open ? "Close" : "Open"});
//  - a string literal in the attributes people read or hear: aria-label, title,
//    placeholder, alt, label;
//  - the title, description and label of a page's metadata (`export const
//    metadata = {…}` and what generateMetadata returns), at any depth (openGraph.title).
// Allowed: the brand ("Loyaltap"), text without a letter (punctuation, symbols,
// digits, emoji), and anything marked by a comment `i18n-ignore: <why>` on the
// same line or the line above (in JSX: {/* i18n-ignore: <why> */}). The reason is
// required, so each exception says why it is not translated.
// No import.meta: jest loads this file through its CommonJS transform for the rule's tests.

const BRAND = /Loyaltap/g;
const LETTER = /\p{L}/u;
const IGNORE = /^\s*i18n-ignore\b(:?)\s*(.*)$/s;

/** The attributes whose value is read by people or assistive technology. */
export const TEXT_ATTRIBUTES = ["aria-label", "title", "placeholder", "alt", "label"];
/** The metadata fields people read (a tab's title, a search result's description). */
export const METADATA_KEYS = ["title", "description", "label"];

// Next.js's title template stands for the page's title.
const TITLE_PLACEHOLDER = /%s/g;

/** True when `text` would show a word of a language: a letter once the brand (and a title template's %s) is taken out. */
export function isUserVisibleText(text) {
  return LETTER.test(text.replace(BRAND, "").replace(TITLE_PLACEHOLDER, ""));
}

// String-ish nodes an expression can evaluate to without a call: a literal, a
// template's fixed parts, either branch of `a ? "x" : "y"` and `a && "x"` / `a || "x"`.
function literalParts(node) {
  if (!node) return [];
  switch (node.type) {
    case "Literal":
      return typeof node.value === "string" ? [{ node, text: node.value }] : [];
    case "TemplateLiteral":
      return node.quasis.map((quasi) => ({ node: quasi, text: quasi.value.cooked ?? quasi.value.raw }));
    case "ConditionalExpression":
      return [...literalParts(node.consequent), ...literalParts(node.alternate)];
    case "LogicalExpression":
      return [...literalParts(node.left), ...literalParts(node.right)];
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
      return literalParts(node.expression);
    default:
      return [];
  }
}

function attributeName(attribute) {
  const { name } = attribute;
  return name.type === "JSXNamespacedName" ? `${name.namespace.name}:${name.name.name}` : name.name;
}

function propertyName(property) {
  if (property.computed) return null;
  if (property.key.type === "Identifier") return property.key.name;
  if (property.key.type === "Literal" && typeof property.key.value === "string") return property.key.value;
  return null;
}

// Whether an object literal is (part of) a page's metadata: the value of
// `const metadata`, or returned by a function named generateMetadata.
function isMetadataObject(object) {
  let node = object;
  while (node.parent) {
    const parent = node.parent;
    if (parent.type === "VariableDeclarator") return parent.id.type === "Identifier" && parent.id.name === "metadata";
    if (parent.type === "ReturnStatement" || parent.type === "ArrowFunctionExpression") {
      const fn = enclosingFunction(parent);
      return fn !== null && functionName(fn) === "generateMetadata";
    }
    if (
      !["ObjectExpression", "Property", "ArrayExpression", "TSAsExpression", "TSSatisfiesExpression"].includes(
        parent.type,
      )
    )
      return false;
    node = parent;
  }
  return false;
}

function enclosingFunction(node) {
  let current = node;
  while (current) {
    if (/Function/.test(current.type)) return current;
    current = current.parent;
  }
  return null;
}

function functionName(fn) {
  if (fn.id?.name) return fn.id.name;
  if (fn.parent?.type === "VariableDeclarator" && fn.parent.id.type === "Identifier") return fn.parent.id.name;
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: { description: "Disallow literal user-visible strings in components: use the message catalogs." },
    schema: [],
    messages: {
      jsxText: "Literal text {{text}}: put it in a message catalog and render it with t(…).",
      attribute: "Literal {{name}} {{text}}: put it in a message catalog and pass t(…).",
      metadata:
        "Literal metadata {{name}} {{text}}: put it in a message catalog (generateMetadata with getTranslations).",
      ignoreWithoutReason: "Say why after `i18n-ignore:` (e.g. `i18n-ignore: product name`).",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    // Line → whether an i18n-ignore comment (with a reason) is on it.
    const ignoredLines = new Set();
    for (const comment of sourceCode.getAllComments()) {
      const match = IGNORE.exec(comment.value);
      if (!match) continue;
      if (match[1] !== ":" || match[2].trim() === "") {
        context.report({ loc: comment.loc, messageId: "ignoreWithoutReason" });
        continue;
      }
      for (let line = comment.loc.start.line; line <= comment.loc.end.line + 1; line++) ignoredLines.add(line);
    }

    function excerpt(text) {
      const line = text.trim().replace(/\s+/g, " ");
      return JSON.stringify(line.length > 40 ? `${line.slice(0, 39)}…` : line);
    }

    // Where the text starts: JSX text often begins with the line break before it.
    function textLoc(node, text) {
      const raw = sourceCode.getText(node);
      const offset = Math.max(0, raw.length - raw.trimStart().length);
      const start = sourceCode.getLocFromIndex(node.range[0] + offset);
      const end = sourceCode.getLocFromIndex(node.range[0] + offset + Math.max(1, text.trim().length));
      return { start, end };
    }

    function check(node, text, messageId, name) {
      if (!isUserVisibleText(text)) return;
      const loc = textLoc(node, text);
      if (ignoredLines.has(loc.start.line)) return;
      context.report({ node, loc, messageId, data: { text: excerpt(text), name } });
    }

    return {
      JSXText(node) {
        check(node, node.value, "jsxText", "");
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== "JSXElement" && node.parent.type !== "JSXFragment") return;
        for (const part of literalParts(node.expression)) check(part.node, part.text, "jsxText", "");
      },
      JSXAttribute(node) {
        const name = attributeName(node);
        if (!TEXT_ATTRIBUTES.includes(name) || !node.value) return;
        const parts =
          node.value.type === "Literal"
            ? literalParts(node.value)
            : node.value.type === "JSXExpressionContainer"
              ? literalParts(node.value.expression)
              : [];
        for (const part of parts) check(part.node, part.text, "attribute", name);
      },
      Property(node) {
        const name = propertyName(node);
        if (!name || !METADATA_KEYS.includes(name) || node.parent.type !== "ObjectExpression") return;
        if (!isMetadataObject(node.parent)) return;
        // A title may be { default, template, absolute } (Next.js's title template).
        const values =
          name === "title" && node.value.type === "ObjectExpression"
            ? node.value.properties.filter((p) => p.type === "Property").map((p) => p.value)
            : [node.value];
        for (const value of values)
          for (const part of literalParts(value)) check(part.node, part.text, "metadata", name);
      },
    };
  },
};

export const i18nPlugin = {
  meta: { name: "loyaltap-i18n" },
  rules: { "no-literal-ui-string": rule },
};
