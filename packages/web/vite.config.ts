import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

/** The entries of the multi-page build; each app's page sits in the folder of the address it is served under. */
const entries = {
  portal: 'index.html',
  iot: 'iot/index.html',
  jdp: 'jdp/index.html',
  h5: 'h5/index.html',
};

const framework = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/;
const antdModule =
  /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|dayjs|clsx|stylis|@babel|throttle-debounce|is-mobile|react-is|compute-scroll-into-view)[\\/].*\.js$/;
const icon = /icons-svg[\\/]es[\\/]asn[\\/]|icons[\\/]es[\\/]icons[\\/]/;
const initialAntd = (id: string) => antdModule.test(id) && !icon.test(id);

/**
 * Imports inside antd that put on every admin first screen code none of them draws (decision
 * 0051). Each is rewritten at build time; the build fails if antd no longer reads as expected.
 *
 * - antd's form context (which Tooltip, Dropdown, Menu and Button reach through
 *   `ContextIsolator`) took `FormProvider` from `@rc-component/form`'s index, whose top level hangs
 *   `Field`, `List` and `useForm` on the form: the form engine and its validator (12 KB gzipped)
 *   came without a form. Taken from the module that defines it, they load with the forms.
 * - `Card` imports `Tabs` for its `tabList`, which no page of ours gives it: Tabs (11 KB) came
 *   with every card. It is loaded when a card with tabs first shows.
 * - Button's and Tag's styles take `isBright` from the colour picker's presets panel, which
 *   imports Collapse, and the colour helpers take `Color` from the colour picker's index, which
 *   imports the picker: both came with every button. `isBright` is the same function in
 *   `antdIsBright` below; `Color` comes from its own module.
 */
const antdImports: { file: RegExp; from: string; to: string }[] = [
  {
    file: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  {
    file: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
    from: "import Tabs from '../tabs';",
    to: "const Tabs = /*#__PURE__*/ React.lazy(() => import('../tabs'));",
  },
  {
    file: /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/,
    from: "import { isBright } from '../../color-picker/components/ColorPresets';",
    to: "import { isBright } from 'virtual:meridian-antd-is-bright';",
  },
  {
    file: /[\\/]antd[\\/]es[\\/]color-picker[\\/](util|color)\.js$/,
    from: "import { Color as RcColor } from '@rc-component/color-picker';",
    to: "import { Color as RcColor } from '@rc-component/color-picker/es/color';",
  },
];

/** antd's `isBright` (`color-picker/components/ColorPresets.js`, antd 6.6), without the panel. */
const antdIsBright = `import { Color as RcColor } from '@rc-component/color-picker/es/color';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;

function antdImportsTrimmed(): Plugin {
  return {
    name: 'meridian-antd-imports-trimmed',
    resolveId: (id) => (id === 'virtual:meridian-antd-is-bright' ? '\0meridian-antd-is-bright' : null),
    load: (id) => (id === '\0meridian-antd-is-bright' ? antdIsBright : null),
    transform(code, id) {
      const rewrite = antdImports.find((entry) => entry.file.test(id));
      if (!rewrite) return null;
      if (!code.includes(rewrite.from)) this.error(`${id} no longer reads \`${rewrite.from}\`; see decision 0051`);
      return { code: code.replace(rewrite.from, rewrite.to), map: null };
    },
  };
}

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
  plugins: [react(), entryFallback(), antdImportsTrimmed()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `.vite/manifest.json`: which chunks each page and lazy page loads, for `npm run bench web`.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: entries,
      // Building a Zod schema has no side effect: a schema no code of the web uses is dropped.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // What each front end fetches before its first screen (`npm run bench web`, decision 0051).
          groups: [
            // React, the router, i18next and TanStack Query: every entry starts with them, H5 too.
            { name: 'framework', test: framework, priority: 30 },
            // The Ant Design the admin apps start with, one chunk: cached across the three, and
            // gzipped in one piece rather than fifty. H5 starts without antd. Icons stay with the
            // menus that draw them; what only lazy pages use travels with those pages.
            { name: 'antd', test: initialAntd, tags: ['$initial'], priority: 20 },
          ],
        },
      },
    },
  },
});
