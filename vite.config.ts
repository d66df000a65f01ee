import { defineConfig } from 'vitest/config';

const apiTarget = `http://127.0.0.1:${process.env.ATLAS_API_PORT ?? '3001'}`;

export default defineConfig({
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 4096,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/geojson': apiTarget,
      '/data': apiTarget,
    },
  },
  test: {
    include: ['{engine,systems,ui,data,server,scripts,tests}/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 20000,
    setupFiles: ['tests/setup.ts'],
  },
});
