/**
 * The speech stand-in: a Speech Synthesis Interface Protocol (SSIP) server on
 * a unix socket that answers Orca's speech-dispatcher client (python3-speechd,
 * reached through SPEECHD_ADDRESS=unix_socket:<path>) as speech-dispatcher
 * would, and writes down what it is told to say instead of saying it.
 *
 * The protocol (speech-dispatcher's SSIP, as python3-speechd's client.py reads
 * it): one command a line, CRLF; replies are `NNN-data` lines then one
 * `NNN text` line, 2xx meaning success. SPEAK is answered 230, then the text
 * comes as lines up to a lone "." (a leading "." doubled), answered 225 with
 * the message id. Orca sends SSML (SET self SSML_MODE on): the tags are dropped.
 * CHAR and KEY are spoken too (key echo is off in the reader's settings, so
 * they are rare). CANCEL and STOP are recorded as such: an utterance cut short
 * was still said.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface Utterance {
  /** ms since the stand-in started. */
  at: number;
  text: string;
}

export interface Speech {
  /** Everything said so far, in order. */
  readonly said: Utterance[];
  /** What the SSIP clients sent that was not speech, for a failure's report. */
  readonly commands: string[];
  close(): Promise<void>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of an SSML message as a listener hears it: tags gone, entities read, spaces folded. */
export function ssmlText(ssml: string): string {
  return ssml
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name] ?? whole;
      return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Starts the stand-in on `path` (a unix socket that must not exist yet). */
export function startSpeech(path: string): Promise<Speech> {
  const start = Date.now();
  const said: Utterance[] = [];
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  let nextId = 1;
  let clients = 0;

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => {});
    const client = ++clients;
    let buffer = '';
    let data: string[] | null = null; // the SPEAK text while it comes
    const reply = (code: number, text: string, lines: string[] = []) =>
      socket.write([...lines.map((l) => `${code}-${l}`), `${code} ${text}`].map((l) => `${l}\r\n`).join(''));
    const say = (text: string) => text && said.push({ at: Date.now() - start, text });

    const line = (l: string) => {
      if (data) {
        if (l !== '.') return void data.push(l.startsWith('..') ? l.slice(1) : l);
        say(ssmlText(data.join('\n')));
        data = null;
        return reply(225, 'OK MESSAGE QUEUED', [String(nextId++)]);
      }
      const [command = '', ...args] = l.split(' ');
      const verb = command.toUpperCase();
      if (verb === 'SPEAK') return (data = []), reply(230, 'OK RECEIVING DATA');
      if (verb === 'CHAR' || verb === 'KEY') return say(args.join(' ')), reply(225, 'OK MESSAGE QUEUED', [String(nextId++)]);
      commands.push(l);
      if (verb === 'QUIT') return reply(231, 'HAPPY HACKING'), socket.end();
      if (verb === 'HISTORY') return reply(240, 'OK CLIENT ID SENT', [String(client)]);
      if (verb === 'LIST' && args[0]?.toUpperCase() === 'OUTPUT_MODULES') return reply(250, 'OK MODULE LIST SENT', ['stand-in']);
      if (verb === 'LIST') return reply(249, 'OK VOICE LIST SENT', ['stand-in\ten\tnone']);
      if (verb === 'GET') return reply(251, 'OK GET RETURNED', ['0']);
      return reply(200, 'OK');
    };

    socket.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const l = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        line(l);
      }
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () =>
      resolve({
        said,
        commands,
        close: () =>
          new Promise<void>((done) => {
            sockets.forEach((s) => s.destroy());
            server.close(() => done());
          }),
      }),
    );
  });
}
