// Run before `npm start`, `npm test` and `npm run demo`, by whatever Node the machine has: Meridian
// runs its TypeScript source directly, which needs Node 24 (decision 0001). On an older Node this
// says in one line what to run instead, rather than failing later with a stack trace. Plain
// CommonJS with nothing newer than ES2015, so that any Node still in use can read it.
const major = Number(process.versions.node.split('.')[0]);
const script = process.env.npm_lifecycle_event || 'start';
const command = script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;
if (major < 24) {
  console.error(
    `Meridian needs Node.js 24 or newer and this is ${process.version}: run \`npx -y -p node@24 -- ${command}\` instead.`,
  );
  process.exit(1);
}
