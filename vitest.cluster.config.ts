import { defineConfig } from "vitest/config";

// `npm run test:cluster` (scripts/test-cluster.sh): two instances of the build
// behind Caddy on one PostgreSQL. Not part of `npm run test:unit`.
export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
