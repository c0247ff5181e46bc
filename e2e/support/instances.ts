import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { stopProcess } from '../../bench/support.ts';

/**
 * Pieces for running the server as several processes that share one deployment: a standalone devnet
 * that outlives any server, server processes that can be killed outright, and a websocket client
 * that records what it is sent.
 */

/** Polls `probe` until it returns true, throwing after `timeoutMs` with `what` in the message. */
export async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until `url` answers 2xx, failing at once if the process behind it has exited. */
export async function waitUntilServing(child: ChildProcess, url: string, what: string, timeoutMs = 90_000, init?: RequestInit): Promise<void> {
  await waitFor(
    `${what} serving ${url}`,
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}`);
      try {
        return (await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })).ok;
      } catch {
        return false;
      }
    },
    timeoutMs,
    250,
  );
}

function runTypeScript(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A process killed by a signal has no exit code, and waiting for its exit again would wait for good. */
async function stopUnlessGone(child: ChildProcess): Promise<void> {
  if (child.signalCode === null) await stopProcess(child);
}

export interface StandaloneDevnet {
  url: string;
  stop(): Promise<void>;
}

/** The devnet as its own process with manual blocks (`devnet-cli serve`), so no server's death takes the chain with it. */
export async function startStandaloneDevnet(port: number): Promise<StandaloneDevnet> {
  const child = runTypeScript('apps/server/src/chain/devnet-cli.ts', ['serve', '--port', String(port), '--manual', '--solidity-depth', '0'], {});
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(child, `${url}/wallet/getnowblock`, 'the devnet', 60_000, { method: 'POST', body: '{}' });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { url, stop: () => stopUnlessGone(child) };
}

export interface ApiReply<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface ServerInstance {
  name: string;
  url: string;
  /** POSTs to the API as a client at `ip` (the servers trust X-Forwarded-For); a fresh address per call unless given. */
  call<T = any>(path: string, body?: unknown, options?: { token?: string; ip?: string }): Promise<ApiReply<T>>;
  /** Ends the process with a signal and waits until it is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/** A client address of its own, so rate limits of one part of a test do not spend another's. */
export function freshIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2] || 1}`;
}

/** One server process (`apps/server/src/main.ts`) on the given configuration. */
export async function startInstance(name: string, env: Record<string, string>): Promise<ServerInstance> {
  const child = runTypeScript('apps/server/src/main.ts', [], env);
  const url = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitUntilServing(child, `${url}/healthz`, `server ${name}`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name,
    url,
    async call(path, body = {}, options = {}) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': options.ip ?? freshIp(),
          ...(options.token ? { authorization: options.token } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const reply = (await response.json()) as Omit<ApiReply, 'status'>;
      return { ...reply, status: response.status };
    },
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    stop: () => stopUnlessGone(child),
  };
}

export interface RecordingSocket {
  frames: any[];
  /** Resolves with the first frame, from the start of the recording, that `match` accepts. */
  next(what: string, match: (frame: any) => boolean, timeoutMs?: number): Promise<any>;
  send(message: unknown): void;
  close(): void;
}

/** A websocket to `/v1/ws` that keeps every frame it receives. */
export async function openSocket(baseUrl: string, ip = freshIp()): Promise<RecordingSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/v1/ws`, { headers: { 'x-forwarded-for': ip } });
  const frames: any[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    frames,
    async next(what, match, timeoutMs = 30_000) {
      let found: any;
      await waitFor(
        what,
        () => {
          found = frames.find(match);
          return found !== undefined;
        },
        timeoutMs,
        50,
      );
      return found;
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
    close() {
      socket.close();
    },
  };
}
