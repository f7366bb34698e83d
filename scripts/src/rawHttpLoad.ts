// A lean HTTP/1.1 load generator for the bench: N keep-alive connections, each one player sending one request at a
// time (no pipelining), the next request chosen from the last reply. It does what autocannon did for the bench,
// with far less CPU per request: requests are written as one string, replies are framed by their content-length
// and only their body is decoded. On a 2-core machine the load generator shares the cores with the server, so
// its own cost bounds what several server processes can show (autocannon spent ~130 us per game request, about
// half a server's).
//
// It measures what autocannon measured: requests completed in the window, per-request latency from the write to
// the last byte of the reply (p50/p99), statuses by class, socket errors. Replies must carry a content-length
// (every JSON reply of the product does; a chunked one is counted as an error and its connection reopened), and
// request bodies must be ASCII (they are written as latin1).
import { connect, type Socket } from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawLoadOptions<C> {
  /** http://host:port of the server. */
  url: string;
  connections: number;
  seconds: number;
  /** Each connection's own player state. */
  newContext: () => C;
  /** The next request of this connection's player. */
  next: (context: C) => RawRequest;
  /** The reply to the last request (its body as text, and its size in bytes). */
  onResponse: (status: number, body: string, context: C, bytes: number) => void;
}

export interface RawLoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

const HEADER_END = Buffer.from('\r\n\r\n');
/** How Node writes the header Fastify sets (lower case). */
const CONTENT_LENGTH = Buffer.from('\r\ncontent-length: ');
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/**
 * Status code and content-length of the reply head in data[0, end), or null when it has no content-length.
 * Read from the bytes: making a string of every head cost more than the rest of the framing.
 */
function parseHead(data: Buffer, end: number): { status: number; length: number } | null {
  const status = (data[9]! - DIGIT_0) * 100 + (data[10]! - DIGIT_0) * 10 + (data[11]! - DIGIT_0);
  const at = data.indexOf(CONTENT_LENGTH);
  if (at < 0 || at > end) return null;
  let length = 0;
  for (let i = at + CONTENT_LENGTH.length; i < end; i++) {
    const c = data[i]!;
    if (c < DIGIT_0 || c > DIGIT_9) break;
    length = length * 10 + (c - DIGIT_0);
  }
  return { status, length };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function runRawLoad<C>(options: RawLoadOptions<C>): Promise<RawLoadResult> {
  const target = new URL(options.url);
  const host = target.hostname;
  const port = Number(target.port);
  const hostHeader = `host: ${target.host}\r\n`;
  let latencies = new Float64Array(1 << 16);
  let completed = 0;
  let errors = 0;
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const endsAt = started + options.seconds * 1000;
  let open = 0;

  const record = (ms: number, status: number) => {
    if (completed === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[completed++] = ms;
    const cls = `${Math.floor(status / 100)}xx`;
    statuses[cls] = (statuses[cls] ?? 0) + 1;
  };

  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      const elapsedS = (performance.now() - started) / 1000;
      const sorted = latencies.slice(0, completed).sort();
      const non2xx = completed - (statuses['2xx'] ?? 0);
      resolve({
        rps: completed / Math.max(elapsedS, 1e-9),
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        total: completed,
        non2xx,
        errors,
        statuses,
      });
    };

    const startConnection = () => {
      const context = options.newContext();
      let pending: Buffer | null = null;
      let head: { status: number; length: number; bodyAt: number } | null = null;
      let sentAt = 0;
      let done = false;

      const send = () => {
        if (performance.now() >= endsAt) {
          close();
          return;
        }
        const r = options.next(context);
        let text = `${r.method} ${r.path} HTTP/1.1\r\n${hostHeader}`;
        for (const name in r.headers) text += `${name}: ${r.headers[name]}\r\n`;
        const body = r.body ?? '';
        if (r.method !== 'GET') text += `content-length: ${Buffer.byteLength(body)}\r\n`;
        text += `\r\n${body}`;
        sentAt = performance.now();
        // Requests are ASCII (JSON bodies of ids and numbers): latin1 is the cheapest encoding of a one-byte string.
        socket.write(text, 'latin1');
      };

      const close = () => {
        if (done) return;
        done = true;
        socket.destroy();
        if (--open === 0) finish();
      };

      const onData = (chunk: Buffer) => {
        let data = pending ? Buffer.concat([pending, chunk]) : chunk;
        pending = null;
        for (;;) {
          if (!head) {
            const end = data.indexOf(HEADER_END);
            if (end < 0) {
              pending = data;
              return;
            }
            const parsed = parseHead(data, end);
            if (!parsed) {
              // No content-length (a chunked reply): not framed by this client; count it and start again.
              errors++;
              done = true;
              socket.destroy();
              open--;
              reconnect();
              return;
            }
            head = { ...parsed, bodyAt: end + 4 };
          }
          if (data.length < head.bodyAt + head.length) {
            pending = data;
            return;
          }
          const body = data.toString('utf8', head.bodyAt, head.bodyAt + head.length);
          const { status, length } = head;
          const rest = data.subarray(head.bodyAt + length);
          head = null;
          record(performance.now() - sentAt, status);
          options.onResponse(status, body, context, length);
          if (rest.length === 0) break;
          data = rest; // nothing is pipelined, so this would be a protocol error; keep framing anyway
        }
        send();
      };

      const reconnect = () => {
        if (performance.now() >= endsAt) {
          if (open === 0) finish();
          return;
        }
        startConnection();
      };

      open++;
      const socket: Socket = connect({ host, port, noDelay: true });
      socket.on('connect', send);
      socket.on('data', onData);
      socket.on('error', () => {
        if (done) return;
        errors++;
        done = true;
        socket.destroy();
        open--;
        reconnect();
      });
      socket.on('close', () => {
        if (done) return;
        // The server closed the connection (idle timeout, error): open another one.
        done = true;
        open--;
        reconnect();
      });
    };

    for (let i = 0; i < options.connections; i++) startConnection();
  });
}
