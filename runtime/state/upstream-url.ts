// An upstream node URL split into what fetch needs (no credentials in the URL) and a masked form for messages:
// the URL may carry an access key in its path or a user:password, neither of which may be printed.

export interface UpstreamEndpoint {
  url: string;
  headers: Record<string, string>;
  /** For messages: scheme and host only, the path and credentials shown as ****. */
  masked: string;
}

export function upstreamEndpoint(raw: string): UpstreamEndpoint {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error('fork URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`fork URL must be http:// or https:// (got ${parsed.protocol}//)`);
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const hasCredentials = parsed.username !== '' || parsed.password !== '';
  if (hasCredentials) {
    const user = decodeURIComponent(parsed.username);
    const password = decodeURIComponent(parsed.password);
    headers.Authorization = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
    parsed.username = '';
    parsed.password = '';
  }
  const hasPath = parsed.pathname !== '/' || parsed.search !== '';
  const masked = `${parsed.protocol}//${hasCredentials ? '****@' : ''}${parsed.host}${hasPath ? '/****' : ''}`;
  return { url: parsed.toString(), headers, masked };
}
