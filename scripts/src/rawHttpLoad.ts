// A lean HTTP/1.1 load generator for the bench: N keep-alive connections, each one player sending one request at a
// time (no pipelining), the next request chosen from the last reply. It does what autocannon did for the bench,
// with far less CPU per request. On a 2-core machine the load generator shares the cores with the server, so its
// own cost bounds what several server processes can show (autocannon spent 130-200 us per game request, about
// half a server's). What keeps it cheap:
//   - a request is one prebuilt ASCII string (the caller keeps the parts that do not change, see requestHead),
//     written as latin1, the cheapest encoding of a one-byte string;
//   - replies are read into one buffer per connection (net's `onread`), not through the stream machinery that
//     allocates a buffer per read and emits 'data';
//   - a reply is framed on one latin1 copy of the bytes read (latin1 maps byte i to character i, so string
//     offsets are byte offsets), and its body is handed on as a slice of that string when it is ASCII (a UTF-8
//     decode otherwise): the head is never decoded on its own, nor the body twice.
// What is left per request is mostly the kernel's (one write, one read, and a sleep and wake-up in epoll while the
// server works: about half of the total on a 2-core VM) and Node's socket machinery; the bench prints the kernel
// part next to the total.
//
// With `warmupSeconds` the measured window follows a warm-up on the same connections: the players go on as they
// were, so the window starts in the steady state rather than with every connection opening and starting a game
// at once (64 new games queued together were most of the slowest 1% of a window that began that way).
//
// It measures what autocannon measured: requests completed in the window, per-request latency from the write to
// the last byte of the reply (p50/p99), statuses by class, socket errors. Replies must carry a content-length
// (every JSON reply of the product does; a chunked one is counted as an error and its connection reopened), and
// requests must be ASCII (they are written as latin1).
import { isAscii } from 'node:buffer';
import { connect, type Socket } from 'node:net';

export interface RawLoadOptions<C> {
  /** http://host:port of the server. */
  url: string;
  connections: number;
  /** The measured window. */
  seconds: number;
  /** A warm-up before the window, on the same connections (default 0: the window starts with the connections). */
  warmupSeconds?: number;
  /** Called when the warm-up ends and the window starts (requests go on meanwhile). */
  onMeasureStart?: () => void;
  /** Each connection's own player state. */
  newContext: () => C;
  /** The next request of this connection's player, as written on the wire (see requestHead). */
  next: (context: C) => string;
  /**
   * The reply to the last request: its status, its body as text, its size in bytes and its latency (write to
   * last byte, the figure p50/p99 are taken from). Called before the connection's next read: the body string
   * is the caller's to keep.
   */
  onResponse: (status: number, body: string, context: C, bytes: number, latencyMs: number) => void;
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

/** The `host` header line of every request to `url` (http://host:port). */
export function hostLine(url: string): string {
  return `host: ${new URL(url).host}\r\n`;
}

/**
 * The head of a request as written on the wire, without its end: request line, host, `headers` in their order.
 * Callers that send the same call again keep it (a game session's heads hold its session id).
 */
export function requestHead(host: string, method: string, path: string, headers: Record<string, string>): string {
  let text = `${method} ${path} HTTP/1.1\r\n${host}`;
  for (const name in headers) text += `${name}: ${headers[name]}\r\n`;
  return text;
}

/** A whole request: its head, then with a body (any method but GET) its content-length and the body. */
export function requestText(head: string, body?: string): string {
  return body === undefined ? `${head}\r\n` : `${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const HEADER_END = '\r\n\r\n';
/** How Node writes the header Fastify sets (lower case). */
const CONTENT_LENGTH = '\r\ncontent-length: ';
const NOT_MODIFIED = 304;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** Bytes read at once per connection: a game reply (head and body) is ~6 KB, so one read takes it whole. */
const READ_BUFFER_BYTES = 64 * 1024;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function runRawLoad<C>(options: RawLoadOptions<C>): Promise<RawLoadResult> {
  const target = new URL(options.url);
  const host = target.hostname;
  const port = Number(target.port);
  let latencies = new Float64Array(1 << 16);
  let completed = 0;
  let errors = 0;
  /** Replies by status class: index 2 counts the 2xx. */
  const byClass = new Array<number>(10).fill(0);
  let started = performance.now();
  const warmupMs = (options.warmupSeconds ?? 0) * 1000;
  const endsAt = started + warmupMs + options.seconds * 1000;
  let open = 0;
  // The window starts: what the warm-up counted is dropped. A reply in flight across the line counts in the
  // window, with its whole latency.
  const startWindow = () => {
    started = performance.now();
    completed = 0;
    errors = 0;
    byClass.fill(0);
    options.onMeasureStart?.();
  };
  if (warmupMs > 0) setTimeout(startWindow, warmupMs);

  const record = (ms: number, status: number) => {
    if (completed === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[completed++] = ms;
    byClass[Math.min(9, Math.floor(status / 100))]!++;
  };

  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      const elapsedS = (performance.now() - started) / 1000;
      const sorted = latencies.slice(0, completed).sort();
      const statuses: Record<string, number> = {};
      byClass.forEach((count, cls) => {
        if (count > 0) statuses[`${cls}xx`] = count;
      });
      resolve({
        rps: completed / Math.max(elapsedS, 1e-9),
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        total: completed,
        non2xx: completed - byClass[2]!,
        errors,
        statuses,
      });
    };

    const startConnection = () => {
      const context = options.newContext();
      /** Bytes of a reply that has not arrived whole yet (a copy: the read buffer is reused). */
      let pending: Buffer | null = null;
      let sentAt = 0;
      let done = false;

      /** The next request, unless the run is over (`now`: the caller's clock reading). */
      const send = (now = performance.now()) => {
        if (now >= endsAt) {
          close();
          return;
        }
        const text = options.next(context);
        sentAt = performance.now();
        socket.write(text, 'latin1');
      };

      const close = () => {
        if (done) return;
        done = true;
        socket.destroy();
        if (--open === 0) finish();
      };

      /** A reply without content-length (chunked): not framed by this client; count it and start again. */
      const unframed = () => {
        errors++;
        done = true;
        socket.destroy();
        open--;
        reconnect();
      };

      const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

      /** The reads of the connection, into readBuffer: frames the reply, hands it on, sends the next request. */
      const onRead = (nread: number): void => {
        if (done) return;
        let data = readBuffer;
        let end = nread;
        if (pending) {
          data = Buffer.concat([pending, readBuffer.subarray(0, nread)]);
          end = data.length;
          pending = null;
        }
        // Nothing is pipelined, so a read holds (part of) one reply; framing goes on anyway if more follows,
        // which would be a protocol error.
        let at = 0;
        let receivedAt = 0;
        while (at < end) {
          const text = data.toString('latin1', at, end);
          const headEnd = text.indexOf(HEADER_END);
          if (headEnd < 0) break;
          // 'HTTP/1.1 200 OK': the status is characters 9 to 11.
          const status =
            (text.charCodeAt(9) - DIGIT_0) * 100 + (text.charCodeAt(10) - DIGIT_0) * 10 + (text.charCodeAt(11) - DIGIT_0);
          const lengthAt = text.indexOf(CONTENT_LENGTH);
          // 304 Not Modified has no body and no content-length.
          if ((lengthAt < 0 || lengthAt > headEnd) && status !== NOT_MODIFIED) return unframed();
          let length = 0;
          for (let i = lengthAt < 0 || lengthAt > headEnd ? headEnd : lengthAt + CONTENT_LENGTH.length; i < headEnd; i++) {
            const c = text.charCodeAt(i);
            if (c < DIGIT_0 || c > DIGIT_9) break;
            length = length * 10 + (c - DIGIT_0);
          }
          const bodyAt = headEnd + HEADER_END.length;
          const bodyEnd = bodyAt + length;
          if (text.length < bodyEnd) break;
          const body = isAscii(data.subarray(at + bodyAt, at + bodyEnd))
            ? text.slice(bodyAt, bodyEnd)
            : data.toString('utf8', at + bodyAt, at + bodyEnd);
          receivedAt = performance.now();
          const latencyMs = receivedAt - sentAt;
          record(latencyMs, status);
          options.onResponse(status, body, context, length, latencyMs);
          at += bodyEnd;
        }
        if (at < end) {
          pending = Buffer.from(data.subarray(at, end));
          return;
        }
        send(receivedAt);
      };

      const reconnect = () => {
        if (performance.now() >= endsAt) {
          if (open === 0) finish();
          return;
        }
        startConnection();
      };

      open++;
      const socket: Socket = connect({
        host,
        port,
        noDelay: true,
        onread: {
          buffer: readBuffer,
          callback: (nread) => {
            onRead(nread);
            return true; // keep reading
          },
        },
      });
      socket.on('connect', () => send());
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
