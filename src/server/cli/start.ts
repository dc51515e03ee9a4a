/**
 * npm start: builds the console when its sources changed (build-if-stale.ts, in a child process) while
 * the server opens, migrates and seeds its database, and serves once both are done. On a first start
 * the two used to take turns (the build ~6.5 s, then the database ~30 s); on two cores they overlap.
 */
import { spawn } from 'node:child_process';

// The build starts first: main.js is imported after (the server's modules take seconds to load).
const build = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/build-if-stale.ts'], { stdio: 'inherit' });
// A start that fails (or is stopped) does not leave the build running behind it.
process.on('exit', () => { if (build.exitCode === null) build.kill(); });
const built = new Promise<void>((done, fail) => {
  build.on('error', fail);
  build.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`building the console failed (${signal ?? `exit ${code}`})`))));
});
// Marked handled now: a build that fails while main.js loads is reported just below.
built.catch(() => {});
const { main, failed } = await import('../main.js');
// Either failing ends the start: a build error at once, not after the seed.
built.catch(failed);
main(built).catch(failed);
