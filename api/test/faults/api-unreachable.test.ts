import { errorCodes, messages } from '../../src/messages';
import { freePort } from '../support/free-port';
import { startShellProcess, type ShellProcess } from '../support/shell-process';

describe("the shell's proxy while the API cannot be reached", () => {
  let shell: ShellProcess;

  beforeAll(async () => {
    // Nothing listens there: the API is stopped, or restarting.
    shell = await startShellProcess(`http://127.0.0.1:${await freePort()}`);
  });
  afterAll(async () => {
    await shell?.stop();
  });

  it('answers 503 with the message the screens show, never the connection error', async () => {
    const response = await fetch(`${shell.url}/api/v1/auth/me`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      success: false,
      message: messages.serviceUnavailable,
      code: errorCodes.serviceUnavailable,
    });
    expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});
