/**
 * npm run dev: the API server restarting on change (tsx watch, API only) beside Vite's dev server with
 * hot reload, which proxies /api and /config.js to it (vite.config.ts). Open the URL Vite prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const bin = (name: string) => `node_modules/.bin/${name}`;
const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit', env: { ...process.env, STEWARD_STATIC_DIR: '' },
  }),
  spawn(bin('vite'), ['--host', process.env.HOST || '127.0.0.1'], { stdio: 'inherit' }),
];
const stop = () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode ||= code ?? 0; });
