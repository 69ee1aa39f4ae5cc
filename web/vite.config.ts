import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { languages } from '../contract/languages';
import { precompileMessages } from './precompile-messages';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Chunks: each page stays its own chunk, but the code pages share is grouped so that a cold load is a
 * handful of requests rather than dozens of tiny ones (docs/performance.md, "Browser"):
 * - framework: the libraries the entry itself needs (React, the router, TanStack Query);
 * - public: what every page needs, signed in or not (the HTTP client, buttons, the form layer's
 *   fields, react-hook-form, <Trans> for sentences with a link (components/trans.tsx), and the English
 *   words of signed-out pages (English is the default language, and a signed-in screen's scripts are
 *   at their limit of 10; a German reader fetches these 3 KB with the public code));
 * - charts: the chart library and what only it uses (recharts, d3, redux), for the reports page alone
 *   (docs/decisions/012-reports.md): in `vendor` it would load with every signed-in screen;
 * - board: the task board's drag and drop (dnd-kit), for the Board view alone (loaded when chosen);
 * - vendor: every other library (Radix, icons, zod, forms), which only signed-in screens use;
 * - app: the signed-in screens' shared code (UI kit, API hooks, the contract's schemas);
 * - features: feature components that more than one page shows (task cards, alert lists, live updates).
 */
const PUBLIC_MODULES =
  /web[\\/]src[\\/](lib[\\/](api-client|auth|query-client|utils)|components[\\/](trans|ui[\\/](button|input|label|spinner|card|textarea))|components[\\/]form[\\/](field|form|use-zod-form)|features[\\/]auth[\\/](api|auth-card))\.tsx?$|node_modules[\\/]react-hook-form[\\/]|locales[\\/]en[\\/](common|auth)\.json$/;

/** The message areas the signed-out pages read (sign-in, registration, recovery). */
const PUBLIC_AREAS = new Set(['common', 'auth']);

const FEATURE_FACE = /web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompileMessages()],
  resolve: {
    alias: [
      { find: '@contract', replacement: fileURLToPath(new URL('../contract', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Messages arrive parsed (precompile-messages.ts): the browser takes FormatJS without its parser.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
      // React has the hook itself: react-i18next's shim for older Reacts need not ship.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // No modulepreload polyfill in the entry (docs/decisions/040-login-budget.md): a browser without
    // <link rel="modulepreload"> (Safari before 17) still loads every chunk, only not ahead of time.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A feature's index.ts face re-exports its parts; only the parts a page uses reach its chunk.
      // (a face holds re-exports only, so it is declared free of side effects for that).
      experimental: { lazyBarrel: true },
      treeshake: { moduleSideEffects: (id) => !FEATURE_FACE.test(id) },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically stays in the entry chunk.
            { name: 'framework', tags: ['$initial'], priority: 40 },
            // A language's words in two chunks (docs/decisions/035-languages.md): what the signed-out
            // pages need, and the rest, which every signed-in screen needs some of. One file per area
            // would be a dozen requests for one screen; a language nobody reads is never fetched.
            ...languages.flatMap((language) => {
              const publicAreas = `(${[...PUBLIC_AREAS].join('|')})\\.json$`;
              // English's signed-out words are in the public chunk (PUBLIC_MODULES), one script fewer
              // for English screens.
              if (language === 'en')
                return [
                  {
                    name: 'words-en',
                    test: new RegExp(`locales[\\\\/]en[\\\\/](?!${publicAreas})`),
                    priority: 35,
                  },
                ];
              return [
                {
                  name: `words-public-${language}`,
                  test: new RegExp(`locales[\\\\/]${language}[\\\\/]${publicAreas}`),
                  priority: 36,
                },
                {
                  name: `words-${language}`,
                  test: new RegExp(`locales[\\\\/]${language}[\\\\/]`),
                  priority: 35,
                },
              ];
            }),
            { name: 'public', test: PUBLIC_MODULES, priority: 30 },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|decimal\.js-light|eventemitter3|es-toolkit|tiny-invariant)[\\/]/,
              priority: 25,
            },
            // The task board's drag and drop (about 17 KB), loaded only when the Board view is chosen
            // (docs/decisions/044-task-board-and-bulk-edit.md): in `vendor` it would load with every signed-in screen.
            {
              name: 'board',
              test: /node_modules[\\/]@dnd-kit[\\/]/,
              priority: 26,
            },
            { name: 'vendor', test: /node_modules/, priority: 20 },
            {
              name: 'app',
              // The reports' contract and hooks stay with the reports page (only it uses them).
              test: /web[\\/]src[\\/](components|lib|features[\\/](?!reports[\\/])[^\\/]+[\\/]api\.ts)|contract[\\/](?!reports\.ts)/,
              priority: 10,
            },
            { name: 'features', test: /web[\\/]src[\\/]features[\\/]/, minShareCount: 2, priority: 5 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
});
