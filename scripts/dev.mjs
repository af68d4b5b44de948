// `npm run dev`: the API with reload on :8080 and Vite on :5173, which proxies API paths to it.
import { spawn } from 'node:child_process';
import { root } from './build-if-stale.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@nexus/server'], {
    cwd: root,
    stdio: 'inherit',
    // Sign-in and sign-out return to the page on Vite's origin, which is not PUBLIC_ORIGIN.
    env: {
      ...process.env,
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@nexus/web'], { cwd: root, stdio: 'inherit' }),
];
function stopAll(signal) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exit(code ?? 0);
  });
