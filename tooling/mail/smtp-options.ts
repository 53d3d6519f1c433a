// SMTP_URL into nodemailer's transport options. nodemailer reads only the URL when it is given one
// (its other options, time-outs and pooling among them, are dropped), so the URL is taken apart here
// and the caller's options are laid over it.

/** Options for nodemailer.createTransport: host, port, TLS and credentials from `url`, then `extra`. */
export function smtpTransportOptions<Extra extends object>(
  url: string,
  extra: Extra,
): { host: string; port?: number; secure: boolean; auth?: { user: string; pass: string } } & Extra {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got "${parsed.protocol}"`);
  const query = Object.fromEntries(
    [...parsed.searchParams].map(([key, value]) => [
      key,
      value === 'true' ? true : value === 'false' ? false : value,
    ]),
  );
  return {
    ...query,
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    ...(parsed.port ? { port: Number(parsed.port) } : {}),
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
    ...extra,
  };
}
