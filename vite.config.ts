import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const appDir = new URL("./app/", import.meta.url).pathname;
const rootModule = `${appDir}root.tsx`;
const clientEntry = `${appDir}entry.client.tsx`;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
/** Per chunking pass: the app's modules the root route imports, statically and transitively. */
const shellOf = new WeakMap<object, Set<string>>();
function rootShell(graph: ModuleGraph): Set<string> {
  let shell = shellOf.get(graph);
  if (shell) return shell;
  shell = new Set();
  // The browser's build only (it has the client entry): the server's chunks stay as they are.
  if (graph.getModuleInfo(clientEntry)) {
    const todo = [...(graph.getModuleInfo(rootModule)?.importedIds ?? [])];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (shell.has(id) || !id.startsWith(appDir) || id === rootModule) continue;
      shell.add(id);
      todo.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
  }
  shellOf.set(graph, shell);
  return shell;
}

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
            {
              // Every page loads the root route and all it imports: as one chunk rather than ~20 small ones.
              name: (id: string, graph: ModuleGraph) => (rootShell(graph).has(id) ? "shell" : null),
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
