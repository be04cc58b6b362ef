import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // Per checkout, so parallel worktrees sharing node_modules do not share caches.
  cacheDir: ".vite-cache",
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // React, React DOM and React Router in one long-cached chunk: it changes only
        // with their versions, and the benchmark can tell the framework from our code.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
            },
          ],
        },
      },
    },
  },
  environments: {
    // The server bundle's entry is our Express app, which imports React Router's build.
    ssr: { build: { rollupOptions: { input: "./server/bundle.ts" } } },
  },
});
