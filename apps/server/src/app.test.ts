import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/context.js';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({ IDLE_TIMEOUT_SECONDS: '1' });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

/** Opens a raw connection, writes `text`, and collects what comes back until the server closes. */
function rawExchange(text: string | Buffer, keepWriting?: Buffer): Promise<{ reply: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', () => {}); // the server may reset while we write
    socket.on('close', () => resolve({ reply, closedAfterMs: Date.now() - started }));
    socket.write(text);
    if (keepWriting) {
      const pump = () => {
        while (!socket.destroyed && socket.write(keepWriting));
        if (!socket.destroyed) socket.once('drain', pump);
      };
      pump();
    }
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; so far: ${reply.slice(0, 200)}`));
    }, 10_000).unref();
  });
}

describe('the HTTP edge', () => {
  it('closes a connection that stops sending mid-request (idle timeout)', async () => {
    const { closedAfterMs } = await rawExchange(
      'POST /api/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"em',
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5000);
  });

  it('answers a visitor 401 with Connection: close and stops reading a 500 MB upload', async () => {
    const { reply, closedAfterMs } = await rawExchange(
      'POST /api/books/ HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 524288000\r\n\r\n{"pdf":"',
      Buffer.alloc(64 * 1024, 'A'),
    );
    expect(reply).toMatch(/^HTTP\/1.1 401/);
    expect(reply.toLowerCase()).toContain('connection: close');
    // Reading 500 MB would take far longer on this machine.
    expect(closedAfterMs).toBeLessThan(3000);
  });
});
