// The production stack of deploy/, started for real on loopback ports: Debian's nginx with the config that
// deploy/render-nginx.ts renders for the build, in front of one or more docs-server processes (e2e/nginx.spec.ts).
// nginx runs in a temporary prefix (its own pid, logs and temp folders), never as a system service.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL } from '../site/src/constants';
import { BROTLI_MODULE_PATH, DEFAULT_GRAPHQL_ENDPOINTS, renderNginxConfig } from '../deploy/render-nginx';
import { BUILD_DIR, startDocsServerProcess, type DocsServerProcess } from './servers';

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A free TCP port on loopback (bound and released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Stops a child process with a signal and waits for it to exit (SIGKILL after 10 s). */
async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export type Nginx = { origin: string; prefix: string; config: string; stop: () => Promise<void> };

/**
 * Renders deploy/nginx.conf for the build and these docs-servers and wraps it in a minimal main config
 * (what /etc/nginx/nginx.conf is in production), in a new temporary prefix.
 */
function preparePrefix(port: number, docsServers: number[], brotli: boolean) {
  if (!fs.existsSync(NGINX_BINARY)) {
    throw new Error(`No nginx at ${NGINX_BINARY}: apt-get install nginx (or set NGINX_PATH).`);
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nginx-'));
  fs.chmodSync(prefix, 0o755); // nginx workers drop root privileges and must reach their temp folders
  const config = renderNginxConfig({
    siteDir: BUILD_DIR,
    listen: [`127.0.0.1:${port}`],
    serverName: 'localhost',
    docsServers: docsServers.map((p) => `127.0.0.1:${p}`),
    brotli,
    graphqlEndpoints: DEFAULT_GRAPHQL_ENDPOINTS,
  });
  fs.writeFileSync(path.join(prefix, 'docs.conf'), config);
  const main = [
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    ...(brotli ? [`load_module ${BROTLI_MODULE_PATH};`] : []),
    'events { worker_connections 512; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    `    access_log ${prefix}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${prefix}/${t}_temp;`),
    `    include ${prefix}/docs.conf;`,
    '}',
  ].join('\n');
  const mainPath = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(mainPath, `${main}\n`);
  return { prefix, mainPath, config };
}

/** `nginx -t` on the rendered config: resolves to nginx's verdict (its output and whether it passed). */
export async function checkNginxConfig(brotli: boolean): Promise<{ ok: boolean; output: string }> {
  const { prefix, mainPath } = preparePrefix(await freePort(), [await freePort()], brotli);
  const child = spawn(NGINX_BINARY, ['-t', '-p', prefix, '-c', mainPath, '-e', 'stderr'], { stdio: 'pipe' });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  fs.rmSync(prefix, { recursive: true, force: true });
  return { ok: code === 0, output };
}

/** Starts nginx in the foreground with the rendered config; resolves once it answers. */
export async function startNginx(port: number, docsServers: number[], brotli: boolean): Promise<Nginx> {
  const { prefix, mainPath, config } = preparePrefix(port, docsServers, brotli);
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-c', mainPath, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${stderr}`))),
  );
  const ready = (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        await fetch(`${origin}${BASE_URL}`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`nginx did not answer on ${origin}: ${stderr}`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (err) {
    await stopProcess(child, 'SIGTERM');
    fs.rmSync(prefix, { recursive: true, force: true });
    throw err;
  }
  return {
    origin,
    prefix,
    config,
    stop: async () => {
      await stopProcess(child, 'SIGQUIT');
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** True when this machine's nginx has Debian's brotli filter module. */
export const brotliAvailable = () => fs.existsSync(BROTLI_MODULE_PATH);

/** The production stack: `docsServers` docs-server processes and nginx in front of them and the build. */
export type NginxStack = {
  nginx: Nginx;
  upstreams: DocsServerProcess[];
  brotli: boolean;
  /** The absolute URL of a route under the base path. */
  url: (route: string) => string;
  stop: () => Promise<void>;
};

/** Starts the stack (e2e/nginx.spec.ts holds it in a worker-scoped fixture). */
export async function startNginxStack({ docsServers = 2, brotli = brotliAvailable() } = {}): Promise<NginxStack> {
  const port = await freePort();
  const upstreams: DocsServerProcess[] = [];
  const stopUpstreams = () => Promise.all(upstreams.map((u) => u.stop()));
  try {
    for (let i = 0; i < docsServers; i++) {
      // nginx reaches the docs-servers from 127.0.0.1: only that peer's X-Forwarded-For is believed.
      const env = { TRUST_PROXY: '127.0.0.1', ALLOWED_ORIGINS: `http://127.0.0.1:${port}` };
      upstreams.push(await startDocsServerProcess({ env }));
    }
    const nginx = await startNginx(
      port,
      upstreams.map((u) => u.port),
      brotli,
    );
    return {
      nginx,
      upstreams,
      brotli,
      url: (route: string) => `${nginx.origin}${BASE_URL}${route.replace(/^\//, '')}`,
      stop: async () => {
        await nginx.stop();
        await stopUpstreams();
      },
    };
  } catch (err) {
    await stopUpstreams();
    throw err;
  }
}
