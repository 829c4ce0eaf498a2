/**
 * PostgreSQL notifications (LISTEN) for the app: on node-postgres, on a dedicated connection of its
 * own (outside the pool), connected again after a loss; on PGlite, its own listen API (one process,
 * so the notices of every connection reach it).
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenHandlers {
  /** A notification arrived on the channel. */
  notified(): void;
  /** True once listening (again); false when the connection is lost (notices may be missed). */
  listening(on: boolean): void;
}

/** Listens on a channel until the returned function is called. */
export type Listen = (channel: string, handlers: ListenHandlers) => () => Promise<void>;

const RECONNECT_MS = 1_000;

function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

export function pgListen(connection: pg.ClientConfig): Listen {
  return (channel, handlers) => {
    const name = checkedChannel(channel);
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      if (stopped) return;
      const next = new pg.Client({ ...connection, keepAlive: true, connectionTimeoutMillis: 5_000 });
      client = next;
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (client === next) client = undefined;
        next.end().catch(() => {});
        handlers.listening(false);
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, RECONNECT_MS);
        retry.unref();
      };
      next.on('error', onLost);
      next.on('end', onLost);
      next.on('notification', (message) => {
        if (message.channel === name) handlers.notified();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${name}`);
      } catch {
        onLost();
        return;
      }
      if (stopped || lost) return;
      handlers.listening(true);
    };

    void connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        current.removeAllListeners('error');
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    };
  };
}

export function pgliteListen(client: PGlite): Listen {
  return (channel, handlers) => {
    const stop = client.listen(checkedChannel(channel), () => handlers.notified());
    stop.then(
      () => handlers.listening(true),
      () => handlers.listening(false),
    );
    return async () => {
      await (await stop.catch(() => undefined))?.().catch(() => {});
    };
  };
}
