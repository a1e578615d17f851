import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { agentNamespace } from '@syrx/contracts/agent-protocol';
import { clientEvents } from '@syrx/contracts/realtime';
import { listen, serverWithController } from '../../test/agent-helpers.ts';
import { handshake } from '../../test/operations-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';

/** Socket.IO takes browsers' handshakes only from the console's own pages (docs/security.md, "Sockets"). */
const apps = useTestApps();

// The console's address as users reach it (not the test's listening port: the check compares origins only).
const env = { PUBLIC_URL: 'https://console.example.com/', ALLOWED_ORIGINS: 'https://legacy.example.com, http://10.1.2.3:8080' };
const evil = 'http://evil.example';

/** The engine's long-polling handshake, as a browser's XHR sends it: its status. */
async function pollingHandshake(url: string, origin?: string): Promise<number> {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: origin === undefined ? {} : { origin } });
  await res.arrayBuffer();
  return res.status;
}

/** A WebSocket handshake, as the SPA opens it: 101 when upgraded, else the HTTP status of the refusal. */
function websocketHandshake(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...(origin === undefined ? {} : { origin }),
      },
    });
    req.once('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });
}

/** A socket.io-client connection to a namespace with these headers (disconnected after the test). */
function socketTo(url: string, headers: Record<string, string>, opts: { auth?: Record<string, string> } = {}): Socket {
  const s = io(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true, ...opts });
  apps.defer(() => s.disconnect());
  return s;
}

/** 'connected' or the connection error's message. */
const connect = (url: string, headers: Record<string, string>, opts: { auth?: Record<string, string> } = {}) => handshake(socketTo(url, headers, opts));

describe('the origin of socket handshakes', () => {
  it("refuses another site's handshake with 403, takes the console's origins and clients that send none", async () => {
    const url = await listen(await apps.start(env));
    expect(await pollingHandshake(url, evil)).toBe(403);
    expect(await websocketHandshake(url, evil)).toBe(403);
    // Close relatives of the console's origin are other origins.
    for (const near of ['http://console.example.com', 'https://console.example.com:8443', 'https://console.example.com.evil.example', 'null']) {
      expect(await websocketHandshake(url, near), near).toBe(403);
    }
    for (const origin of ['https://console.example.com', 'https://legacy.example.com', 'http://10.1.2.3:8080', undefined]) {
      expect(await pollingHandshake(url, origin), origin).toBe(200);
      expect(await websocketHandshake(url, origin), origin).toBe(101);
    }
  });

  it("keeps a signed-in user's session from another site's page, and lets the console's pages and agents in", async () => {
    const { url, admin, ctl } = await serverWithController(apps, env);
    const cookie = admin.cookieHeader();

    // A page elsewhere opening a socket with the user's cookie (cross-site WebSocket hijacking) is refused.
    expect(await connect(url, { cookie, origin: evil })).not.toBe('connected');
    expect(await connect(`${url}/live-logs`, { cookie, origin: evil })).not.toBe('connected');

    // The console's own page connects and reaches its controller; so does a client that sends no Origin.
    for (const headers of [{ cookie, origin: 'https://console.example.com' }, { cookie }] as Record<string, string>[]) {
      const browser = socketTo(url, headers);
      expect(await handshake(browser)).toBe('connected');
      expect(await browser.timeout(5000).emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: false });
    }

    // Agents send no Origin: their namespace takes them as before.
    expect(await connect(`${url}${agentNamespace}`, {}, { auth: { controller_id: ctl.id, password: ctl.password } })).toBe('connected');
  });

  it("takes PUBLIC_URL's default, http://HOST:PORT, as the console's origin", async () => {
    const url = await listen(await apps.start({ HOST: '127.0.0.1', PORT: '8080' }));
    expect(await websocketHandshake(url, 'http://127.0.0.1:8080')).toBe(101);
    expect(await websocketHandshake(url, evil)).toBe(403);
  });
});
