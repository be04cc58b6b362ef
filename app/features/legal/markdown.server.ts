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
 *
 * Everything else is text: every character is HTML-escaped, including the
 * substituted values, so the output is safe to insert as HTML whatever the
 * source or the values contain. Unknown placeholders stay visible as written.
 */
export type MarkdownVars = Readonly<Record<string, string>>;

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
export function renderMarkdown(source: string, vars: MarkdownVars = {}): string {
  return parse(source)
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
