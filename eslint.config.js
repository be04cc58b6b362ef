import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import floorPlan from "./app/features/floors.json" with { type: "json" };

/**
 * The floors (app/features/floors.json, drawn in app/features/README.md): a
 * folder imports only the folders below it, and a feature reaches another
 * feature only through the files of its face. One `no-restricted-imports`
 * block per folder; tests/integration/floors.test.ts proves a forbidden
 * import is caught.
 */
const KIT_ALIAS = { db: "#db", "app/config": "#app/config", "app/lib": "#app/lib", "app/i18n": "#app/i18n", "app/ui": "#app/ui" };
const aliasOf = (folder) => KIT_ALIAS[folder] ?? `#${folder}`;
// The patterns are gitignore-style, where a leading # starts a comment: `\\#` is the character.
const glob = (spec) => `\\${spec}`;
const ABOVE_EVERY_FOLDER = ["#app/routes/**", "#app/root.tsx", "#app/entry.*", "#server/**", "#scripts/**", "#bench/**", "#tests/**"].map(
  glob,
);
const kits = floorPlan.kits.map((kit) => kit.folder);
const featureFloors = floorPlan.floors.map((floor) => Object.entries(floor.features));

function floorRule(folder, forbidden) {
  return {
    files: [`${folder}/**/*.{ts,tsx,js}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...forbidden,
            {
              group: ["../*", "**/../*"],
              message: "Import with the #app/… alias (ADR 0015): a relative path around a floor is still a floor.",
            },
          ],
        },
      ],
    },
  };
}

const floorRules = [
  // Each kit stands on the kits before it in the list; none knows a feature.
  ...kits.map((folder, index) =>
    floorRule(folder, [
      {
        group: [...kits.slice(index + 1).map((above) => glob(`${aliasOf(above)}/**`)), glob("#app/features/**"), ...ABOVE_EVERY_FOLDER],
        message: `${folder} is a kit: it imports only the kits below it (${kits.slice(0, index).join(", ") || "none"}) and never a feature (app/features/README.md).`,
      },
    ]),
  ),
  // A feature imports the kits, and the faces of features on lower floors.
  ...featureFloors.flatMap((features, level) =>
    features.map(([name]) =>
      floorRule(`app/features/${name}`, [
        ...featureFloors.slice(level).flatMap((peers) =>
          peers
            .filter(([other]) => other !== name)
            .map(([other]) => ({
              group: [glob(`#app/features/${other}/**`)],
              message: `${other} is not on a floor below ${name}: a feature imports only features on lower floors (app/features/README.md).`,
            })),
        ),
        ...featureFloors.slice(0, level).flatMap((lower) =>
          lower.map(([other, face]) => ({
            group: [glob(`#app/features/${other}/**/*.*`), ...face.map((file) => `!${glob(`#app/features/${other}/${file}`)}`)],
            message: `Not on ${other}'s face: another feature's inner file. Its face (app/features/floors.json): ${face.join(", ") || "nothing"}.`,
          })),
        ),
        { group: ABOVE_EVERY_FOLDER, message: "Routes, the server, scripts and tests stand above every feature." },
      ]),
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".vite-cache/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/tmp/",
      "backups/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": [
        "error",
        { "ts-ignore": "allow-with-description", "ts-expect-error": "allow-with-description" },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='target'][value.value='_blank']",
          message: "Use ~/ui/ExternalLink for links that open a new tab (rel=noopener noreferrer).",
        },
      ],
    },
  },
  ...floorRules,
  {
    files: ["app/features/alerts/service-worker.js", "public/visitor-push-sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["app/ui/ExternalLink.tsx"],
    rules: { "no-restricted-syntax": "off" },
  },
);
