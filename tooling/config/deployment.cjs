// What a server refuses to start with
// (docs/decisions/0028-trust-input-uploads-headers-and-secrets.md): secrets shorter than 32
// characters anywhere, and the demo accounts (whose password is published) anywhere but the local
// demo, which is told apart by a loopback PUBLIC_URL.
const net = require('node:net');

const MIN_SECRET_LENGTH = 32;

/** Whether the URL's host is this machine: localhost (and *.localhost), 127.0.0.0/8 or ::1. */
function isLoopbackUrl(url) {
  let host;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (net.isIPv4(host)) return host.split('.')[0] === '127';
  if (net.isIPv6(host)) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/**
 * The problem with a secret variable, or undefined: every comma-separated entry (for lists) must be
 * at least 32 characters.
 */
function secretProblem(env, name, { list = false } = {}) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const entries = list
    ? raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : [raw];
  if (entries.every((entry) => entry.length >= MIN_SECRET_LENGTH)) return undefined;
  return `${name} is too weak: ${list ? 'each of its comma-separated secrets needs' : 'it needs'} at least ${MIN_SECRET_LENGTH} characters (generate one with: openssl rand -base64 32)`;
}

/** The problem with seeding the demo accounts (`variable` set to 1) for this PUBLIC_URL, or undefined. */
function demoSeedProblem(env, variable, publicUrl) {
  if (env[variable] !== '1' || isLoopbackUrl(publicUrl)) return undefined;
  return `${variable}=1 loads demo accounts whose password is published, which only the local demo may do (a PUBLIC_URL on localhost, 127.0.0.1 or ::1); PUBLIC_URL is ${publicUrl}: set ${variable}=0`;
}

module.exports = { MIN_SECRET_LENGTH, isLoopbackUrl, secretProblem, demoSeedProblem };
