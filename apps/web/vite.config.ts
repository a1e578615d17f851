import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The server (apps/server) listens here in development; the dev server forwards the API and sockets to it. */
const serverOrigin = 'http://127.0.0.1:8080';

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each script, style sheet, SVG and the
 * HTML shell of the build: the server sends them to browsers that accept them (@fastify/static `preCompressed`),
 * compressed once here at the highest levels rather than on every response (docs/decisions.md).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json)$/;
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'syrx:precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          const [br, gzipped] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(path.join(outDir, `${file}.br`), br), writeFile(path.join(outDir, `${file}.gz`), gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each route's screens are a chunk loaded on its first visit (src/routes/lazy-screen.tsx); rolldown puts the modules
    // several of them share (antd's components among them) in shared chunks. One group only: React and the router,
    // which every page needs and which change less often than the app, stay cached across releases; and the shell. Groups that
    // gathered all of antd or all of node_modules made every page download everything (docs/decisions.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // What every page loads before its route's screen (main.tsx's static imports): one file, not dozens.
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // antd's form and inputs, of the sign-in page and most editors: one file, cached across screens.
            // The contracts' schemas the screens parse answers with: one file for all screens rather than one per area.
            { name: 'contracts', test: /packages[\\/]contracts[\\/]/, priority: 1 },
            { name: 'antd-form', test: /node_modules[\\/](antd[\\/]es[\\/](form|input|grid|space|tooltip)|@rc-component[\\/](form|input|textarea|async-validator|trigger|tooltip|resize-observer))[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: serverOrigin },
      // The server takes browser sockets only from its own origin (PUBLIC_URL): the page's socket, opened from this dev
      // server's origin, is forwarded as the server's. Pages of other origins keep theirs, and the server refuses them.
      '/socket.io': {
        target: serverOrigin,
        ws: true,
        configure: (proxy) => proxy.on('proxyReqWs', (proxyReq, req) => {
          if (req.headers.origin === `http://${req.headers.host}`) proxyReq.setHeader('origin', serverOrigin);
        }),
      },
    },
  },
});
