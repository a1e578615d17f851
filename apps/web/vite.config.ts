import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The server (apps/server) listens here in development; the dev server forwards the API and sockets to it. */
const serverOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The base first: otherwise antd captures it as its dependency.
            { name: 'antd-base', test: /node_modules[\\/](@ant-design|@rc-component|rc-[\w-]+)[\\/]/, priority: 2 },
            { name: 'antd', test: /node_modules[\\/]antd[\\/]/, priority: 1 },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
    // antd with its rc-component base is over 1 MB minified (330 kB gzipped); they load as two chunks.
    chunkSizeWarningLimit: 1000,
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
