import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lastQueryText } from './embedded-guard';

const script = fileURLToPath(new URL('../test/embedded-backend-exit.ts', import.meta.url));

function run(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // Without the guard the child spins at full CPU and never prints: kill it rather than wait.
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the embedded database when its backend stops', () => {
  it('rejects the query, reports once with the last statement, fails every query after, and starts again on its files', async () => {
    const { code, stdout, stderr } = await run();
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(result.before).toBe('answered');
    expect(result.fatal).toMatch(/^the embedded database stopped: ExitStatus/);
    expect(result.after).toMatch(/^the embedded database stopped/);
    expect(result.ping).toBe(false);
    expect(result.reports).toEqual([
      { error: 'ExitStatus', statement: "insert into kept values ('written before')" },
    ]);
    expect(result.kept).toEqual(['written before']);
  }, 150_000);
});

function message(type: string, ...parts: (string | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((part) =>
    typeof part === 'string' ? new TextEncoder().encode(`${part}\0`) : part,
  );
  const length = 4 + bytes.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(1 + length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, length);
  let offset = 5;
  for (const part of bytes) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

describe('lastQueryText', () => {
  it('reads the SQL of a Parse or Query message and never a bound value', () => {
    const parse = message('P', 'stmt_1', 'select * from users where email = $1', new Uint8Array([0, 0]));
    const bind = message('B', '', 'stmt_1', 'secret@example.com');
    const sync = message('S');
    const buffer = new Uint8Array([...parse, ...bind, ...sync]);
    expect(lastQueryText(buffer)).toBe('select * from users where email = $1');
    expect(lastQueryText(message('Q', 'select 1'))).toBe('select 1');
    expect(lastQueryText(new Uint8Array([...bind, ...sync]))).toBeUndefined();
    expect(lastQueryText(new Uint8Array([0x7a, 0, 0, 0, 4]))).toBeUndefined();
  });
});
