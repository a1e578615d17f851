import { describe, expect, it } from 'vitest';
import { networkInterfacesText, renderInterfaces } from './network-interfaces.ts';

// The machine's own interfaces: `ip addr` runs here; the rendering is what a machine without iproute2 shows.
describe('network interfaces', () => {
  it('reads `ip addr`, and renders os.networkInterfaces() the same way where it is missing', async () => {
    const text = await networkInterfacesText();
    expect(text).toMatch(/^1: lo: <LOOPBACK/);
    expect(text).toContain('inet 127.0.0.1/8');

    const rendered = renderInterfaces();
    expect(rendered).toMatch(/^1: lo:\n/);
    expect(rendered).toContain('    inet 127.0.0.1/8 scope host');
    expect(renderInterfaces({ eth0: [{ address: '10.1.2.3', netmask: '255.255.255.0', family: 'IPv4', mac: '02:42:ac:11:00:02', internal: false, cidr: '10.1.2.3/24' }] }))
      .toBe('1: eth0:\n    link/ether 02:42:ac:11:00:02\n    inet 10.1.2.3/24');
  });
});
