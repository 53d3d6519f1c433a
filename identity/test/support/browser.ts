// A minimal browser for driving identity over HTTP: a cookie jar and manual redirects.
export class Browser {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  /** Every request as "METHOD path", in order. */
  readonly visited: string[] = [];

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    this.visited.push(`${init.method ?? 'GET'} ${target.pathname}`);
    const cookie = [...this.cookies.entries()]
      .filter(([, stored]) => target.pathname.startsWith(stored.path))
      .map(([name, stored]) => `${name}=${stored.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  get(url: string): Promise<Response> {
    return this.request(url);
  }

  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Keeps a cookie as if a Set-Cookie header had sent it (one set by the app on the shared domain). */
  setCookie(line: string): void {
    this.store(line);
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    let cookiePath = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') cookiePath = attributeValue;
      if (key.toLowerCase() === 'expires' && new Date(attributeValue).getTime() <= Date.now())
        expired = true;
    }
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, { value, path: cookiePath });
  }
}

export function location(response: Response, base: string): string {
  const header = response.headers.get('location');
  if (!header) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(header, base).toString();
}
