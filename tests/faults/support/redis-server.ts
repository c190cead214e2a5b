// A redis-server owned by the fault tests, on a free loopback port, with no persistence: the tests
// stop and start it at will without touching the shared Redis on 6379.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './ports.ts';
import { waitFor } from './wait.ts';

export interface RedisServer {
  url: string;
  /** stops it (the port refuses connections until `start`) */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(() => answersPing(port), { timeoutMs: 10_000, what: `redis-server on ${port}` });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
