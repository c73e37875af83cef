/**
 * The render service's request side: reading a body up to a limit, parsing
 * `{config, hooks}`, and the errors the client is told about.
 */
import type { IncomingMessage } from 'node:http';

/** A body the client must be told about; `status` is the HTTP answer. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One line, whatever the value: log lines are read by grep and journald. */
export function oneLine(value: unknown): string {
  const text = value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  return text.replace(/\s*\n\s*/g, ' ').slice(0, 500);
}

/** Reads the body (bytes) up to `limit` bytes; over it, stops reading and throws 413. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(new RequestError(413, `body over the limit of ${limit} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData).off('end', onEnd).pause();
        reject(new RequestError(413, `body over the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    const onClose = () => {
      if (!req.complete) reject(new RequestError(400, 'the client closed the connection before sending the whole body'));
    };
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', () => {});
  });
}

/** The request body (text or UTF-8 bytes) as `{config, hooks}`; anything else is a 400 with the reason. */
export function parseRenderRequest(text: string | Buffer, maxHooks: number): { config: unknown; hooks: unknown[] } {
  let body;
  try {
    body = JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
  } catch {
    throw new RequestError(400, 'body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new RequestError(400, 'body must be an object {"config": {…}, "hooks": [{"widget", "props"}, …]}');
  }
  if (!Array.isArray(body.hooks)) throw new RequestError(400, 'field "hooks" must be an array of {"widget", "props"}');
  if (body.hooks.length > maxHooks) throw new RequestError(400, `${body.hooks.length} hooks, at most ${maxHooks} per request`);
  return { config: body.config, hooks: body.hooks };
}
