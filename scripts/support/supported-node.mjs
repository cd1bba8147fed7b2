// The project runs on Node 24 or later. `npm start`, `npm test` and the other npm scripts get the
// Node the project installs (the `node` package: node_modules/.bin/node comes first on an npm
// script's PATH), whatever Node the machine has; a host already on Node 24+ may install without it
// (decision 0032). Run directly on an older Node, a script stops here with what to do instead.
const MINIMUM_MAJOR = 24;

const major = Number(process.versions.node.split('.')[0]);
if (major < MINIMUM_MAJOR) {
  console.error(
    `VBG needs Node ${MINIMUM_MAJOR} or later; this is Node ${process.versions.node} (${process.execPath}).\n` +
      'Run it through npm (npm start, npm test, npm run …): npm scripts use the Node that `npm install` put in node_modules/.bin.',
  );
  process.exit(1);
}
