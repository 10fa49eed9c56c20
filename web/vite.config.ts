/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const backend = 'http://localhost:8000'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

/** The modules of the screens /login and /home show first (src/app/router.tsx loads them lazily). */
const FIRST_SCREENS: Record<string, string[]> = {
  '/login': ['src/features/auth/screens.ts'],
  '/home': ['src/app/guards/ProtectedLayout.tsx', 'src/features/home/screens.ts'],
}

/** Every file a chunk needs beyond those the entry loads: its own, its static imports' and their styles. */
function chunkFiles(bundle: OutputBundle, moduleIds: string[], entryFiles: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')
  const files: string[] = []
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || entryFiles.has(chunk.fileName) || files.includes(`/${chunk.fileName}`)) return
    files.push(`/${chunk.fileName}`)
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!files.includes(`/${css}`)) files.push(`/${css}`)
    for (const imported of chunk.imports) visit(chunks.find((candidate) => candidate.fileName === imported))
  }
  const holding = (id: string) =>
    chunks.find((chunk) => chunk.facadeModuleId?.endsWith(id)) ??
    chunks.find((chunk) => chunk.moduleIds.some((moduleId) => moduleId.endsWith(id)))
  for (const id of moduleIds) visit(holding(id))
  return files
}

/** The modules a module needs before it runs: itself and its static imports, theirs, and so on. */
function staticGraph(roots: string[], importsOf: (id: string) => readonly string[]): Set<string> {
  const graph = new Set<string>()
  const visit = (id: string) => {
    if (graph.has(id)) return
    graph.add(id)
    for (const imported of importsOf(id)) visit(imported)
  }
  for (const root of roots) visit(root)
  return graph
}

/**
 * 'home' for a module /home's first screen needs that neither the entry nor /login's screen holds: that screen is then
 * one file instead of a file per shared module (its first paint waits for every one of them, each a round trip on a
 * slow connection). Other screens that use one of these modules fetch the chunk, already cached wherever home has been
 * opened. Null for the others, which the bundler splits as it would.
 */
function homeChunk(): (id: string, context: Rolldown.ChunkingContext) => string | null {
  const resolve = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url))
  let graphs: { home: Set<string>; login: Set<string> } | undefined
  return (id, context) => {
    const importsOf = (module: string) => context.getModuleInfo(module)?.importedIds ?? []
    graphs ??= {
      home: staticGraph(FIRST_SCREENS['/home'].map(resolve), importsOf),
      login: staticGraph(FIRST_SCREENS['/login'].map(resolve), importsOf),
    }
    return graphs.home.has(id) && !graphs.login.has(id) ? 'home' : null
  }
}

/**
 * The page paints its first frame (index.html's static login, home or splash) before the app's code runs: the entry
 * script is fetched from the start as a module preload, and run once the browser reports that frame painted (or after
 * 300 ms where it reports nothing, as in a tab in the background). The code is fetched at low priority, so that the
 * page and its styles come first on a slow connection.
 */
function paintBeforeBoot(): Plugin {
  return {
    name: 'humsafar-paint-before-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) throw new Error('index.html is transformed without its bundle')
        const entryChunk = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry)
        const entryFiles = new Set([entryChunk?.fileName ?? '', ...(entryChunk?.imports ?? [])])
        const screens = Object.fromEntries(
          Object.entries(FIRST_SCREENS).map(([path, ids]) => [path, chunkFiles(bundle, ids, entryFiles)]),
        )
        if (Object.values(screens).some((files) => files.length === 0)) throw new Error('a first screen has no chunk')
        const placeholder = '<script type="application/json" id="first-screens">{}</script>'
        if (!html.includes(placeholder)) throw new Error('index.html has no place for the first screens')
        html = html.replace(placeholder, placeholder.replace('{}', JSON.stringify(screens)))
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
        const found = entry.exec(html)
        if (!found) throw new Error('index.html has no entry script')
        // The same text in every build (it names the entry through its preload link): the Content-Security-Policy
        // allows it by its hash (api/security/headers.py).
        const boot =
          `<script>(function(){var started=false;function boot(){if(started)return;started=true;` +
          `import(document.getElementById('entry').href)}` +
          `try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint')` +
          `.length){observer.disconnect();setTimeout(boot,0)}}).observe({type:'paint',buffered:true})}catch(e){boot()}` +
          `setTimeout(boot,300)})()</script>`
        return html
          .replace(entry, `<link rel="modulepreload" crossorigin id="entry" href="${found[1]}">\n    `)
          .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
          .replace('</body>', `  ${boot}\n  </body>`)
      },
    },
  }
}
const ROUTER_PRODUCTION = './node_modules/react-router/dist/production/index.mjs'

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The router's production build leaves out its development warnings.
      ...(mode === 'production'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL(ROUTER_PRODUCTION, import.meta.url)) }]
        : []),
    ],
  },
  plugins: [
    react(),
    paintBeforeBoot(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Humsafar',
        short_name: 'Humsafar',
        description: 'Share a cab, an auto or a self-drive ride with commuters going your way.',
        lang: 'en-IN',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#0e6b5c',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api/chat/ws': { target: backend.replace('http', 'ws'), ws: true, changeOrigin: true },
      '/api': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api/chat/ws': { target: backend.replace('http', 'ws'), ws: true, changeOrigin: true },
      '/api': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // The page's modulepreload links are the entry and its first screen's chunks (paintBeforeBoot), which the entry
    // imports as soon as it runs: the polyfill, run by the entry, would fetch nothing sooner where they are unknown.
    // Lazily loaded chunks preload their imports as rel=preload there.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is one chunk with it: left to itself, the bundler splits parts
          // of React and TanStack Query into small shared chunks whenever a lazily loaded module also uses them, and
          // every first paint then fetches those too.
          // /home's own modules are one more chunk (homeChunk), without the modules /login shares with it: those stay
          // in their own small chunks, and the two screens fetch each only once. Each of those modules' imports is
          // /login's too, so no chunk imports one that imports it.
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: homeChunk(), debugName: 'home', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}))
