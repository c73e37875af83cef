/** A Node HTTP server on 127.0.0.1 standing in for the render service, for the PHP client's tests. */
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of 127.0.0.1; its URL. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes it and every connection still open (kept ones too), and removes the test's folder. */
export async function closeNow(server: Server, folder: string): Promise<void> {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(folder, { recursive: true, force: true });
}
