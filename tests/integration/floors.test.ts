import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import floorPlan from "#app/features/floors.json" with { type: "json" };

/**
 * The floors of app/ are a rule that runs (app/features/README.md): ESLint
 * refuses an import that runs up a floor, across to a peer on the same floor,
 * or into another feature's inner files. Each case here is one import in a
 * file that does not exist, linted as if it did.
 */
const root = join(import.meta.dirname, "..", "..");
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // The first lint loads the config and the TypeScript parser (seconds on a slow machine): here, not in a test.
  await eslint.lintText("export {};\n", { filePath: join(root, "app/lib/warm-up.ts") });
}, 60_000);

async function importMessages(file: string, specifier: string): Promise<string[]> {
  const code = `import { value } from "${specifier}";\nexport const copy = value;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the floors, as ESLint keeps them", () => {
  it("refuses a feature importing a feature on a higher floor", async () => {
    const [message] = await importMessages("app/features/legal/new.ts", "#app/features/consultation/schema.ts");
    expect(message).toContain("consultation is not on a floor below legal");
  });

  it("refuses a feature importing a peer on its own floor (no floor can hold a loop)", async () => {
    const [message] = await importMessages("app/features/campaigns/new.ts", "#app/features/products/model.ts");
    expect(message).toContain("products is not on a floor below campaigns");
  });

  it("refuses another feature's inner file, and names its face", async () => {
    const [message] = await importMessages("app/features/products/new.ts", "#app/features/console/sign-in.server.ts");
    expect(message).toContain("Not on console's face");
    expect(message).toContain("guards.server.ts");
    expect(await importMessages("app/features/operators/new.ts", "#app/features/alerts/devices.server.ts")).toHaveLength(1);
  });

  it("lets a feature import the face of a lower floor's feature, and every kit", async () => {
    expect(await importMessages("app/features/products/new.ts", "#app/features/console/guards.server.ts")).toEqual([]);
    expect(await importMessages("app/features/operators/new.ts", "#app/features/alerts/message.ts")).toEqual([]);
    expect(await importMessages("app/features/alerts/new.ts", "#app/features/console/i18n/en.json")).toEqual([]);
    for (const kit of [
      "#app/lib/schema.ts",
      "#app/i18n/locales.ts",
      "#app/ui/Button.tsx",
      "#app/web/meta.ts",
      "#app/loans/rate.ts",
      "#app/requests/kinds.ts",
      "#app/outbox/channels/email.server.ts",
    ]) {
      expect(await importMessages("app/features/consultation/new.ts", kit), kit).toEqual([]);
    }
  });

  it("refuses a kit importing a feature or a kit above it", async () => {
    expect((await importMessages("app/lib/new.ts", "#app/features/legal/links.ts"))[0]).toContain("app/lib is a kit");
    expect(await importMessages("app/lib/new.ts", "#app/i18n/locales.ts")).toHaveLength(1);
    expect(await importMessages("app/i18n/new.ts", "#app/ui/Button.tsx")).toHaveLength(1);
    expect(await importMessages("app/requests/new.ts", "#app/features/pipeline/stages.ts")).toHaveLength(1);
    expect(await importMessages("app/web/new.ts", "#app/requests/kinds.ts")).toHaveLength(1);
    expect(await importMessages("app/i18n/new.ts", "#app/lib/memo.ts")).toEqual([]);
  });

  it("refuses routes, the server and relative paths from below", async () => {
    expect(await importMessages("app/features/site/new.ts", "#app/routes/home.tsx")).toHaveLength(1);
    expect(await importMessages("app/requests/new.ts", "#server/app.ts")).toHaveLength(1);
    expect(await importMessages("app/features/legal/new.ts", "../consultation/schema.ts")).toHaveLength(1);
  });
});

describe("the floor plan", () => {
  const features = floorPlan.floors.flatMap((floor) => Object.keys(floor.features));

  it("places every feature folder once, and only folders that exist", () => {
    const folders = readdirSync(join(root, "app", "features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...features].sort()).toEqual(folders.sort());
    expect(new Set(features).size).toBe(features.length);
    for (const kit of floorPlan.kits) expect(existsSync(join(root, kit.folder)), kit.folder).toBe(true);
  });

  it("names on each face only files that exist", () => {
    for (const floor of floorPlan.floors)
      for (const [feature, face] of Object.entries(floor.features))
        for (const file of face) expect(existsSync(join(root, "app", "features", feature, file)), `${feature}/${file}`).toBe(true);
  });

  it("is drawn in app/features/README.md, floor by floor in the same order", () => {
    const readme = readFileSync(join(root, "app", "features", "README.md"), "utf8");
    let from = 0;
    for (const [index, floor] of floorPlan.floors.entries()) {
      const line = readme.indexOf(`| ${index + 1} |`, from);
      expect(line, `floor ${index + 1}`).toBeGreaterThan(-1);
      const row = readme.slice(line, readme.indexOf("\n", line));
      for (const feature of Object.keys(floor.features)) expect(row, `floor ${index + 1}`).toContain(`\`${feature}\``);
      from = line;
    }
    for (const kit of floorPlan.kits) expect(readme).toContain(`\`${kit.folder}\``);
  });
});
