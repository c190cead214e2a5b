import net, { type AddressInfo } from 'node:net';

/**
 * A loopback TCP proxy in front of a server, which a test can cut (every connection through it
 * dropped, new ones refused: the server is "away") and restore, on the same port. Stands in for a
 * database restart or failover without touching the real (shared) server.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const close = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) socket.on('error', close).on('close', close);
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as AddressInfo).port;
        server = listening;
        resolve();
      });
    });

  const cut = async () => {
    const open = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    /** drop every connection and refuse new ones */
    cut,
    /** accept connections again, on the same port */
    restore: () => (server ? Promise.resolve() : listen()),
    close: cut,
  };
}
