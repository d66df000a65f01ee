import net from 'node:net';
import { describe, expect, it } from 'vitest';

describe('tests/setup.ts loopback guard', () => {
  it('refuses a connection beyond loopback before any packet leaves', () => {
    expect(() => net.connect({ host: '192.0.2.10', port: 80 })).toThrow(/stay on loopback/);
    expect(() => net.connect(443, 'example.com')).toThrow(/stay on loopback/);
  });

  it('lets loopback connections through', async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps test servers from polling real feeds', () => {
    expect(process.env['ATLAS_INGEST']).toBe('off');
  });
});
