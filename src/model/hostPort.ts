/** A network address: a host name or IP (IPv6 without its brackets) and a port; 0 lets the OS pick. */
export interface HostPort {
  readonly host: string;
  readonly port: number;
}

/**
 * `HOST:PORT` as every command and config key takes it: `127.0.0.1:7420`, `localhost:0`,
 * `[::1]:4317`. The port is required. Undefined when the value is not one, so each caller
 * says what it expected in its own words (the flag or key at fault, an example).
 */
export function parseHostPort(value: string): HostPort | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65_535) return undefined;
  return { host: match[1].replace(/^\[|\]$/g, ''), port };
}

/** The `HOST:PORT` text of an address, with brackets around an IPv6 host. */
export function formatHostPort(address: HostPort): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** True for hosts only this machine can reach: 127.0.0.0/8, ::1, localhost, *.localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return LOOPBACK_NAMES.has(bare) || /^127(\.\d{1,3}){3}$/.test(bare) || bare.endsWith('.localhost');
}
