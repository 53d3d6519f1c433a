// The static server serves the shell and the remotes; a test points one site at another build, or
// stops it, as a deployment of that site alone would (tooling/servers/static-server.ts), and then
// puts every site back.
import { expect } from '@playwright/test';
import { rmSync, writeFileSync } from 'node:fs';

function tellStaticServer() {
  const pid = Number(process.env.E2E_PID_STATIC);
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, 'SIGHUP');
}

const sitesFile = () => {
  const file = process.env.E2E_STATIC_SITES_FILE;
  expect(file).toBeTruthy();
  return file!;
};

/** Serves each site named from the folder given, or not at all (null); the others stay as they are. */
export function changeStaticSites(folders: Record<string, string | null>) {
  writeFileSync(sitesFile(), JSON.stringify(folders));
  tellStaticServer();
}

/** Every site from its usual build again. */
export function restoreStaticSites() {
  rmSync(sitesFile(), { force: true });
  tellStaticServer();
}

/** What GET `url` answers now: its text, or 'down' when nothing listens. */
export function currently(url: string): Promise<string> {
  return fetch(url).then(
    (response) => response.text(),
    () => 'down',
  );
}
