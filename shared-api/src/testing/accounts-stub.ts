// The identity provider's accounts service (GET /user?email=), the one outside service the API asks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubAccount {
  email: string;
  name: string;
  sub: string;
}

export interface AccountsStub {
  url: string;
  close(): Promise<void>;
}

/** Answers like identity: the account of a known email, 404 for any other. */
export async function startAccountsStub(accounts: StubAccount[]): Promise<AccountsStub> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://accounts.local');
    const email = url.searchParams.get('email')?.toLowerCase();
    const account = accounts.find((known) => known.email.toLowerCase() === email);
    const found = url.pathname === '/user' && account;
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        found
          ? { success: true, user: { ...account, email_verified: true } }
          : { success: false, message: 'Email not found in our records' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
