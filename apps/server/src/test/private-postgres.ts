import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own (initdb in a scratch directory, on its own loopback address and port), so a
 * test can stop and restart it under a running server without touching the machine's. Needs the PostgreSQL server
 * binaries (Debian's postgresql package, on this machine and CI's) and runs them as the postgres user when root.
 */
export interface PrivatePostgres {
  url: string;
  restart(): void;
  stop(): void;
}

export function startPrivatePostgres(host: string, port: number): PrivatePostgres {
  const [version] = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const bin = (name: string) => `/usr/lib/postgresql/${version}/bin/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'syrx-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asPostgres = (cmd: string, args: string[]) =>
    process.getuid?.() === 0 ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  asPostgres(bin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (action: string) => asPostgres(bin('pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', '-m', 'fast',
    '-o', `-c listen_addresses=${host} -p ${port} -k ${dir} -c fsync=off`, action]);
  ctl('start');
  return {
    url: `postgres://postgres@${host}:${port}/postgres`,
    restart: () => ctl('restart'),
    stop() {
      try {
        ctl('stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
