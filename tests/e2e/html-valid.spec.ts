import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { test, expect } from "#tests/e2e/fixtures.ts";
import { PUBLIC_PATHS } from "#app/config/public-routes.ts";
import { LOCALES } from "#app/i18n/locales.ts";

/**
 * Issue 29, point 6: every server-rendered page, every route in every
 * language, a page that is not there, and the console's sign-in in both its
 * languages, is valid HTML to the W3C Nu checker (the `vnu-jar` package;
 * Java from the system, Debian's default-jre-headless). The pages are saved
 * to a folder and checked in one run of the checker (one JVM start), so the
 * whole site costs seconds. Any error fails the build, with the page and the
 * checker's message; warnings do not.
 */
const VNU_JAR = "node_modules/vnu-jar/build/dist/vnu.jar";
/**
 * A short-lived JVM: the client compiler only and the serial collector start fastest; the
 * checker's schema needs a deeper stack than the default. `--no-langdetect` skips guessing each
 * page's language (a warning at most, and most of the checker's time).
 */
const JAVA_ARGS = [
  "-Xss4m",
  "-XX:TieredStopAtLevel=1",
  "-XX:+UseSerialGC",
  "-jar",
  VNU_JAR,
  "--errors-only",
  "--no-langdetect",
  "--format",
  "json",
];

interface VnuMessage {
  type: string;
  url?: string;
  message?: string;
  lastLine?: number;
  extract?: string;
}

const PAGES: { name: string; path: string; cookie?: string }[] = [
  ...PUBLIC_PATHS.flatMap((path) => LOCALES.map((lang) => ({ name: `${lang}${path.replaceAll("/", "_")}`, path: `${path}?lang=${lang}` }))),
  ...LOCALES.map((lang) => ({ name: `${lang}_not-found`, path: `/no-such-page?lang=${lang}` })),
  { name: "console-ko_sign-in", path: "/admin/sign-in", cookie: "admin_lang=ko" },
  { name: "console-en_sign-in", path: "/admin/sign-in", cookie: "admin_lang=en" },
];

test("every server-rendered page is valid HTML to the W3C Nu checker", async ({ request }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  // Two at a time: the server renders each (a ?lang= page is not served from its cache), and other specs share it.
  const queue = [...PAGES];
  const fetchNext = async (): Promise<void> => {
    const page = queue.shift();
    if (!page) return;
    const response = await request.get(page.path, { headers: page.cookie ? { Cookie: page.cookie } : {}, maxRedirects: 0 });
    expect(response.headers()["content-type"], page.path).toContain("text/html");
    writeFileSync(join(dir, `${page.name}.html`), await response.body());
    return fetchNext();
  };
  await Promise.all([fetchNext(), fetchNext()]);
  const { stderr } = await promisify(execFile)("java", [...JAVA_ARGS, dir], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: number }) => {
    // The checker exits 1 when it found errors; anything else (no Java, a crash) is a failure of its own.
    if (error.code !== 1 || !error.stderr) throw error;
    return { stderr: error.stderr };
  });
  const messages = (JSON.parse(stderr || '{"messages":[]}') as { messages: VnuMessage[] }).messages;
  const errors = messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => `${m.url?.split("/").at(-1)}:${m.lastLine ?? "?"}: ${m.message} [${(m.extract ?? "").slice(0, 120)}]`);
  expect(errors).toEqual([]);
});
