import { decodeHTML, decodeHTMLAttribute } from "entities/decode";
import { Parser } from "htmlparser2";

/**
 * Reads a page's Open Graph title and image from its HTML with a real HTML
 * tokenizer (htmlparser2: quoted attributes may hold `>`, `<title>` is
 * RCDATA) and the WHATWG entity table (entities: `&hellip;`, `&rsquo;`,
 * numeric references). The fetch that brings the page is og-fetch.server.ts.
 */
export interface OpenGraphFields {
  title: string | null;
  image: string | null;
}

/** How much of a page is read: the head is all we need. */
const MAX_HTML = 512 * 1024;
const TITLE_MAX = 500;
const URL_MAX = 2048;

function charsetOf(contentType: string, head: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType);
  if (fromHeader) return fromHeader[1]!;
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head);
  return fromMeta ? fromMeta[1]! : "utf-8";
}

/** Bytes to text in the page's declared charset (Korean blogs still send EUC-KR). */
export function decodeHtml(body: Buffer, contentType = ""): string {
  const charset = charsetOf(contentType, body.subarray(0, 2048).toString("latin1"));
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

/** Every `<meta property|name content>` (first of each key wins, keys lower-cased) and the first `<title>`'s text, entities decoded. */
function readHead(html: string): { meta: Map<string, string>; title: string | undefined } {
  const meta = new Map<string, string>();
  let title: string | undefined;
  let inTitle = false;
  let titleText = "";
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "meta") {
          const key = decodeHTMLAttribute(attribs.property ?? attribs.name ?? "").toLowerCase();
          if (key && attribs.content !== undefined && !meta.has(key)) meta.set(key, decodeHTMLAttribute(attribs.content));
        } else if (name === "title" && title === undefined) {
          inTitle = true;
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          title = decodeHTML(titleText);
        }
      },
    },
    // Raw text in, decoded here with the attribute and text rules of `entities`.
    { decodeEntities: false },
  );
  parser.end(html.slice(0, MAX_HTML));
  return { meta, title };
}

function clean(text: string | undefined, max: number): string | null {
  const value = (text ?? "").replace(/\s+/g, " ").trim();
  return value ? value.slice(0, max) : null;
}

/** An http(s) URL resolved against the page, or null. */
function httpUrl(value: string | null, pageUrl: string): string | null {
  if (!value) return null;
  try {
    const resolved = new URL(value, pageUrl);
    return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href.slice(0, URL_MAX) : null;
  } catch {
    return null;
  }
}

/** og:title (else twitter:title, else <title>) and og:image (else twitter:image), resolved against the page's URL. */
export function parseOpenGraph(html: string, pageUrl: string): OpenGraphFields {
  const { meta, title } = readHead(html);
  return {
    title: clean(meta.get("og:title") ?? meta.get("twitter:title") ?? title, TITLE_MAX),
    image: httpUrl(
      clean(meta.get("og:image") ?? meta.get("og:image:url") ?? meta.get("og:image:secure_url") ?? meta.get("twitter:image"), URL_MAX),
      pageUrl,
    ),
  };
}
