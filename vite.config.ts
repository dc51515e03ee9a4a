import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The SPA build and the test projects. Server tests run in node against a real database
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set); client tests run in jsdom;
// e2e tests drive Debian's Chromium against a listening server.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  // `npm run dev`: Vite serves the SPA with hot reload and hands the API to the server on PORT.
  server: {
    proxy: Object.fromEntries(['/api', '/config.js', '/config.json'].map((p) => [p, `http://127.0.0.1:${process.env.PORT || 8080}`])),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/client-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // The server under test serves dist/: rebuild it when the client sources are newer.
          globalSetup: ['tests/helpers/e2e-build.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
