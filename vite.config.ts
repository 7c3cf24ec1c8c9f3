import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = Number(process.env.API_PORT ?? 3100);
const apiTarget = `http://127.0.0.1:${apiPort}`;

// The SPA lives under /admin but its files are served from the site root, so lazy chunks
// come from /js/chunks/ as SPEC §7 describes.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/me': apiTarget,
      '/pos': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One migrated PGlite per run that each file's database starts from.
          globalSetup: ['tests/api/global-setup.ts'],
          // Generous: these catch a hang, not slowness. A file's database (the template loaded,
          // then the seed; on PostgreSQL a scratch database migrated) can take most of a minute
          // when a loaded 2-core machine runs several files at once.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One PGlite (or PostgreSQL schema) per file; files run in parallel on the 2 cores.
          fileParallelism: true,
        },
      },
    ],
  },
});
