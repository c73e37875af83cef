/**
 * The render service's answers as bytes on the connection: JSON, its
 * length, and whether the connection closes after it.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** Whether the client keeps the connection after this request (HTTP/1.1 unless it says close; 1.0 only if it says keep-alive). */
export const staysOpen = (req: IncomingMessage): boolean =>
  req.httpVersion === '1.1' ? !/\bclose\b/i.test(req.headers.connection ?? '') : /\bkeep-alive\b/i.test(req.headers.connection ?? '');

/** `json`: a string, a Buffer, or Buffers written one after the other. `stopping`: the service is stopping. */
export function sendJson(res: ServerResponse, status: number, json: string | Buffer | Buffer[], headers: OutgoingHttpHeaders, stopping: boolean): void {
  // Close the connection while stopping (so the server can exit) and when an
  // error is answered before the body was read: never read a body just to drop
  // it. A request refused unread (empty hooks, 200) keeps its connection: node
  // discards the rest of the body, which is on its way or read already.
  const req = res.req;
  const bodyUnread = (Number(req.headers['content-length']) > 0 || 'transfer-encoding' in req.headers) && !req.complete;
  const close = stopping || (bodyUnread && status !== 200) ? { Connection: 'close' } : {};
  const pieces = Array.isArray(json) ? json : [json];
  const length = pieces.reduce((sum, piece) => sum + (typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length), 0);
  res.writeHead(status, { ...JSON_HEADERS, 'Content-Length': length, ...close, ...headers });
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
}
