// The JavaScript each front end makes a browser fetch before its first screen, gzipped, against
// the limit the product sets for it (H5 is opened on phones over mobile data).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './run.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The web build the bench reads (the browser walks check it against what Chromium fetches). */
export const dist = path.join(root, 'packages/web/dist');

/** One chunk of Vite's build manifest (`build.manifest`), keyed by the source it starts from. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

export interface FirstScreen {
  name: string;
  /** The address a user opens. */
  route: string;
  /** The built page of the front end, relative to `dist`. */
  html: string;
  /**
   * What that route renders lazily before anything but a spinner shows: its layouts and page, by
   * source path as the manifest names them.
   */
  lazy: string[];
  /** The most it may weigh, where the product sets one. */
  limitKb?: number;
}

/**
 * The first screen of each front end: H5's is its sign-in page, where a student opening a task's
 * link lands first (the answer page after it is printed too, without a limit: decision 0051).
 */
export const screens: FirstScreen[] = [
  { name: 'H5 sign-in', route: '/h5/login', html: 'h5/index.html', lazy: ['src/h5/login/LoginPage.tsx'], limitKb: 150 },
  {
    name: 'H5 answer page, signed in (not held to the limit)',
    route: '/h5/answer/:taskId/:scaleId',
    html: 'h5/index.html',
    lazy: ['src/h5/shell/AntdScope.tsx', 'src/h5/answer/AnswerPage.tsx'],
  },
  {
    name: 'Portal sign-in',
    route: '/login',
    html: 'index.html',
    lazy: ['src/portal/layout/SignInLayout.tsx', 'src/portal/login/LoginPage.tsx'],
    limitKb: 300,
  },
  {
    name: 'Portal launcher',
    route: '/',
    html: 'index.html',
    lazy: ['src/portal/PortalLayout.tsx', 'src/portal/launcher/LauncherPage.tsx'],
    limitKb: 300,
  },
  {
    name: 'Device Cloud home',
    route: '/iot/',
    html: 'iot/index.html',
    lazy: ['src/iot/home/HomePage.tsx'],
    limitKb: 300,
  },
  {
    name: 'Mind home',
    route: '/jdp/data/home',
    html: 'jdp/index.html',
    lazy: ['src/mind/shell/DataLayout.tsx', 'src/mind/home/HomePage.tsx'],
    limitKb: 300,
  },
];

/** Builds the web when the build is missing or older than its sources. */
export function ensureBuild(): void {
  const script = path.join(root, 'scripts/ensure-web-build.ts');
  const result = spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web build failed; see above');
}

/** The scripts a page's HTML makes the browser fetch: its module entry and its modulepreload links. */
export function scriptsOfPage(html: string): string[] {
  const found = [
    ...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ];
  return found.map((m) => (m[1] ?? '').replace(/^\//, ''));
}

/**
 * Every file the browser fetches before the first screen: the page's scripts, every chunk they
 * import statically, and each lazy chunk of the route with its own static imports (Vite preloads
 * those beside the dynamic import).
 */
export function firstScreenFiles(screen: FirstScreen, html: string, manifest: Record<string, ManifestChunk>): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const files = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined, what: string) => {
    if (!chunk) throw new Error(`The build manifest has no chunk for ${what}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const key of chunk.imports ?? []) visit(manifest[key], key);
  };
  for (const file of scriptsOfPage(html)) visit(byFile.get(file), file);
  for (const source of screen.lazy) visit(manifest[source], source);
  return [...files];
}

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** Gzipped (level 9) JavaScript before the first screen of each front end, against its limit. */
export async function web(): Promise<Figure[]> {
  ensureBuild();
  const manifest = readManifest();
  return screens.map((screen) => {
    const html = fs.readFileSync(path.join(dist, screen.html), 'utf8');
    const files = firstScreenFiles(screen, html, manifest);
    const kb = sum(files.map(gzipKb));
    const entryKb = sum(firstScreenFiles({ ...screen, lazy: [] }, html, manifest).map(gzipKb));
    if (process.env.BENCH_WEB_FILES) {
      for (const file of files) console.log(`  ${screen.name}: ${file} ${gzipKb(file).toFixed(1)} KB`);
    }
    const limitKb = screen.limitKb ?? 150;
    return {
      name: `${screen.name} (${screen.route}) JS limit`,
      value: limitKb,
      unit: 'KB gzip -9',
      peer: `fetched before it shows (${files.length} files; the entry and its static imports alone ${entryKb.toFixed(0)} KB)`,
      peerValue: kb,
      // Without a limit of its own, the page is held against H5's and only printed.
      target:
        screen.limitKb === undefined
          ? undefined
          : { ratio: 1, meaning: `at most ${limitKb} KB of gzipped JavaScript before the first screen` },
    };
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Vite's build manifest: which chunks each page and each lazy module loads. */
export function readManifest(dir = dist): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}
