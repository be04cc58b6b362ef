import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import type { OutboxChannel, Delivery } from "#app/outbox/queue.server.ts";
import type { SendResult } from "#app/outbox/result.ts";
import {
  byChannel,
  startOutboxWorker,
  type Deliverer,
  type Deliverers,
  type OutboxWorker,
  type WorkerOptions,
} from "#app/outbox/worker.server.ts";

/**
 * The outbox of one process (ADR 0048): the features register the deliverer
 * of each channel they own; one worker delivers every channel's rows.
 * server/outbox.ts makes it and registers the features' channels.
 */
export interface Outbox {
  readonly db: Kysely<Database>;
  /** The deliverer of a channel (registered once per process; a second registration replaces the first). */
  register(channel: OutboxChannel, deliverer: Deliverer, stop?: () => Promise<void> | void): void;
  /** One row, through its channel's deliverer. */
  deliver(row: Delivery): Promise<SendResult>;
  /** After a commit: tell the worker that rows are waiting (nothing when no worker runs here). */
  wake(): void;
  /** Starts this process's worker (the server does; scripts and most tests do not). */
  startWorker(options?: Partial<Omit<WorkerOptions, "db" | "deliver" | "log">>): OutboxWorker;
  stop(): Promise<void>;
}

export function createOutbox(db: Kysely<Database>, log: Logger): Outbox {
  const deliverers: Deliverers = {};
  const stops: (() => Promise<void> | void)[] = [];
  const deliver = byChannel(deliverers);
  let worker: OutboxWorker | undefined;
  return {
    db,
    register(channel, deliverer, stop) {
      deliverers[channel] = deliverer;
      if (stop) stops.push(stop);
    },
    deliver,
    wake: () => worker?.wake(),
    startWorker(options = {}) {
      worker = startOutboxWorker({ ...options, db, deliver, log });
      return worker;
    },
    async stop() {
      await worker?.stop();
      for (const stop of stops) await Promise.resolve(stop()).catch(() => {});
    },
  };
}
