/**
 * A renderer for exactly the Markdown subset of the legal documents
 * (content/legal/<kind>/<lang>.md), and nothing more:
 *
 *   ## heading, ### heading      → <h3>, <h4> (the modal's title is the <h2>)
 *   paragraphs (blank-line separated; lines of one paragraph are joined)
 *   "- " bullets                 → <ul>
 *   "1. " numbered items         → <ol> (with `start` when it does not start at 1)
 *   **bold**                     → <strong>
 *   {placeholder}                → the value given in `vars`
 *   {?flag}…{/flag}              → kept only when `flags[flag]` is true
 *   {!flag}…{/flag}              → kept only when `flags[flag]` is false
 *
 * A condition may wrap words inside a line or whole blocks (headings, lists,
 * paragraphs); a marker alone on its line takes no line of its own, so a
 * condition around a list item leaves the list whole. Conditions on
 * different flags nest. The legal texts' flags: `counter` (the cash-counter
 * line of business is on), `products` (at least one loan product is live).
 *
 * Everything else is text: every character is HTML-escaped, including the
 * substituted values, so the output is safe to insert as HTML whatever the
 * source or the values contain. Unknown placeholders, and a condition on an
 * unknown flag or without its end, stay visible as written (the go-live
 * check lists them: `unfilledNames`).
 */
export type MarkdownVars = Readonly<Record<string, string>>;
export type MarkdownFlags = Readonly<Record<string, boolean>>;

/** A marker alone on its line: the line break after it goes with it. */
const MARKER_LINE = /^[ \t]*(\{[?!/]\w+\})[ \t]*(?:\r\n?|\n)/gm;
const CONDITION = /\{([?!])(\w+)\}([\s\S]*?)\{\/\2\}/g;

/** The source with its conditions decided: each kept block's markers gone, each dropped block gone whole. */
export function applyConditions(source: string, flags: MarkdownFlags = {}): string {
  let text = source.replace(MARKER_LINE, "$1");
  for (;;) {
    const next = text.replace(CONDITION, (whole, sign: string, name: string, inner: string) =>
      Object.hasOwn(flags, name) ? (flags[name] === (sign === "?") ? inner : "") : whole,
    );
    if (next === text) return text;
    text = next;
  }
}

/**
 * What a text names that `vars` and `flags` do not fill, as it would show:
 * placeholders left after the conditions are decided (a placeholder inside a
 * dropped block shows nowhere), and conditions on an unknown flag or without
 * their end, as `?name`, `!name` or `/name`.
 */
export function unfilledNames(source: string, vars: MarkdownVars, flags: MarkdownFlags): string[] {
  const text = applyConditions(source, flags);
  const names = new Set<string>();
  for (const [, sign = "", name = ""] of text.matchAll(/\{([?!/]?)(\w+)\}/g)) {
    if (sign === "" ? !Object.hasOwn(vars, name) : true) names.add(`${sign}${name}`);
  }
  return [...names];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function substitute(text: string, vars: MarkdownVars): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? (vars[name] ?? whole) : whole));
}

/** Escaped inline text with `**bold**` spans; an unpaired `**` stays literal. */
export function renderInline(text: string, vars: MarkdownVars = {}): string {
  const parts = text.split("**");
  // An even number of parts means one `**` has no partner: keep the last one literal.
  const pairedUpTo = parts.length % 2 === 0 ? parts.length - 2 : parts.length - 1;
  let out = "";
  parts.forEach((part, i) => {
    const html = escapeHtml(substitute(part, vars));
    if (i === 0) out += html;
    else if (i > pairedUpTo) out += `**${html}`;
    else out += i % 2 === 1 ? `<strong>${html}` : `</strong>${html}`;
  });
  return out;
}

type Block =
  | { type: "heading"; level: 2 | 3; text: string }
  | { type: "paragraph"; lines: string[] }
  | { type: "list"; ordered: boolean; start: number; items: string[] };

const BULLET = /^- (.*)$/;
const NUMBERED = /^(\d{1,4})\. (.*)$/;
const HEADING = /^(#{2,3}) (.*)$/;

function parse(source: string): Block[] {
  const blocks: Block[] = [];
  // The block being built; pushed when a blank line or another kind of line ends it.
  const open: { block: Block | null } = { block: null };
  const flush = () => {
    if (open.block) blocks.push(open.block);
    open.block = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: "heading", level: heading[1] === "##" ? 2 : 3, text: heading[2] ?? "" });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const current = open.block;
    if (bullet || numbered) {
      const ordered = !!numbered;
      const text = (bullet ? bullet[1] : numbered?.[2]) ?? "";
      if (current?.type === "list" && current.ordered === ordered) {
        current.items.push(text);
      } else {
        flush();
        open.block = { type: "list", ordered, start: ordered ? Number(numbered?.[1]) : 1, items: [text] };
      }
    } else if (current?.type === "paragraph") {
      current.lines.push(line);
    } else {
      flush();
      open.block = { type: "paragraph", lines: [line] };
    }
  }
  flush();
  return blocks;
}

/** The document as safe HTML. */
export function renderMarkdown(source: string, vars: MarkdownVars = {}, flags: MarkdownFlags = {}): string {
  return parse(applyConditions(source, flags))
    .map((block) => {
      switch (block.type) {
        case "heading": {
          const tag = block.level === 2 ? "h3" : "h4";
          return `<${tag}>${renderInline(block.text, vars)}</${tag}>`;
        }
        case "paragraph":
          return `<p>${renderInline(block.lines.join(" "), vars)}</p>`;
        case "list": {
          const items = block.items.map((item) => `<li>${renderInline(item, vars)}</li>`).join("");
          if (!block.ordered) return `<ul>${items}</ul>`;
          return block.start === 1 ? `<ol>${items}</ol>` : `<ol start="${block.start}">${items}</ol>`;
        }
      }
    })
    .join("\n");
}
