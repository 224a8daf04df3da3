import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

/** The entries of the multi-page build; each app's page sits in the folder of the address it is served under. */
const entries = {
  portal: 'index.html',
  iot: 'iot/index.html',
  jdp: 'jdp/index.html',
  h5: 'h5/index.html',
};

const appBases = Object.keys(entries).filter((name) => name !== 'portal');

/**
 * Serves `/iot/**`, `/jdp/**` and `/h5/**` page addresses with their own entry, as the production
 * server does. Vite's own fallback would answer every unknown address with the portal's page.
 */
function entryFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const [path = ''] = (req.url ?? '').split('?');
    const base = path.split('/')[1] ?? '';
    const isPage = req.headers.accept?.includes('text/html') && !/\.[^/]+$/.test(path);
    if (isPage && appBases.includes(base)) req.url = `/${base}/index.html`;
    next();
  };
  return {
    name: 'meridian-entry-fallback',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), entryFallback()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `.vite/manifest.json`: which chunks each page and lazy page loads, for `npm run bench web`.
    manifest: true,
    // The Ant Design every entry starts with is one shared chunk, cached once for all four apps.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: entries,
      output: {
        codeSplitting: {
          // Every entry starts with React and Ant Design: one copy of each, cached across the apps.
          // Libraries that only lazy pages use (charts, maps) stay out of the shared chunks.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@remix-run|cookie-es)[\\/]/,
              priority: 30,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|dayjs|clsx|rc-[\w-]+)[\\/]/,
              // Only what the first page of an entry needs; components of lazy pages (tables, trees,
              // date pickers) travel with those pages.
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
            // Meridian's own shared code (providers, request client, i18n) under a name that says so.
            { name: 'shared', test: /packages[\\/](web[\\/]src[\\/]shared|contracts)[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
