// Builds the web front ends when the build is missing or older than their sources, so that
// `npm start` and the browser tests always serve what is in the tree.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'packages/web/dist/.build-stamp');
const sources = ['packages/web', 'packages/contracts/src'].map((p) => path.join(root, p));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built >= Math.max(...sources.map(newestMtime))) process.exit(0);

console.log('Building the web front ends (once, or after they change)...');
const result = spawnSync('npm', ['run', 'build', '-w', '@meridian/web'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stamp, new Date().toISOString());
