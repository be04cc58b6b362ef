import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

// Unit and integration tests. They run without the React Router plugin: route
// modules' loaders and actions are plain functions, called with a real database.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    pool: "forks",
  },
});
