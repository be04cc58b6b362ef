import { defineConfig } from "vitest/config";

// Unit and integration tests. They run without the React Router plugin: route
// modules' loaders and actions are plain functions, called with a real database.
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // A test slower than a third of the default 5 s timeout is "slow": the verbose list shows its
    // time, and tests/support/vitest-slow-reporter.ts (npm run test:unit) lists it at the end.
    slowTestThreshold: 5_000 / 3,
  },
});
