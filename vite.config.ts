import { defineConfig } from 'vitest/config';
import { precompressPlugin } from './scripts/lib/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.ATLAS_API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [precompressPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 4096,
  },
  server: {
    // Only what the API generates is proxied: public/ (geo/*.bin, data/gazetteer/*.json, fonts) is
    // served by Vite itself, and a bare '/data' prefix would shadow the client's own data/ source
    // folder (/data/geoMath.ts...) - the blank dev page.
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/geojson': apiTarget,
      '/data/geoJSON': apiTarget,
      '/metrics': apiTarget,
    },
  },
  test: {
    include: ['{engine,systems,ui,data,server,scripts,tests}/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 20000,
    setupFiles: ['tests/setup.ts'],
  },
});
