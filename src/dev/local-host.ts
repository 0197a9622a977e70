/**
 * Whether a request's Host header names this machine: `localhost` (and `*.localhost`), an address
 * in 127.0.0.0/8, or `[::1]`, with any port. A page on another site that makes its own name point
 * at 127.0.0.1 (DNS rebinding) sends that name, so it is refused.
 */
export function isLocalHost(header: string | undefined): boolean {
  // No Host at all: not a browser (they always send one), so no page of another site.
  if (header === undefined) return true;
  const host = (/^\[([^\]]*)\](?::\d*)?$/.exec(header)?.[1] ?? header.replace(/:\d*$/, ''))
    .toLowerCase()
    .replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '::ffff:127.0.0.1'
  );
}

/** Whether a listening address is this machine only (then only local Host names are answered). */
export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);
}
