// /api/metrics with WORKERS > 1: a scrape reaches one worker, but each worker only counts its own requests. The
// worker asks the primary over the cluster's IPC channel; the primary asks every worker for its registry
// (prom-client's AggregatorRegistry, which answers those requests inside each worker by itself) and sends the sum
// back. So every scrape sees the whole server, whichever worker it reached.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'drugwars:metrics-request';
const REPLY = 'drugwars:metrics-reply';
/** A scrape gives up on the primary after this (it answers in milliseconds unless a worker hangs). */
const CLUSTER_METRICS_TIMEOUT_MS = 5000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: string;
}
interface MetricsReply {
  type: typeof REPLY;
  id: string;
  text?: string;
  error?: string;
}

/** Worker side: this worker's registry is the one prom-client reports when the primary asks. */
export function shareRegistryWithPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // prom-client starts answering the primary's requests in a worker only once an AggregatorRegistry is built there.
  new AggregatorRegistry();
}

/** Worker side: the metrics of every worker, summed by the primary. */
export function clusterMetricsText(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const reply = message as Partial<MetricsReply>;
      if (reply?.type !== REPLY || reply.id !== id) return;
      done();
      if (typeof reply.text === 'string') resolve(reply.text);
      else reject(new Error(`the primary could not collect the workers' metrics: ${reply.error ?? 'no reason'}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('the primary did not answer the metrics request'));
    }, CLUSTER_METRICS_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}

/** Primary side: answers the workers' metrics requests with the sum over all workers. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    const request = message as Partial<MetricsRequest>;
    if (request?.type !== REQUEST || typeof request.id !== 'string') return;
    const id = request.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: REPLY, id, text } satisfies MetricsReply),
      (error: unknown) => worker.send({ type: REPLY, id, error: error instanceof Error ? error.message : String(error) } satisfies MetricsReply),
    );
  });
}
