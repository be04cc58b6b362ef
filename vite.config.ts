import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // Per checkout, so parallel worktrees sharing node_modules do not share caches.
  cacheDir: ".vite-cache",
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server bundle's entry is our Express app, which imports React Router's build.
    ssr: { build: { rollupOptions: { input: "./server/bundle.ts" } } },
  },
});
