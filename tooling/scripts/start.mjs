// `npm start`: install, build what changed, start every server, print where to go. Ctrl-C stops all.
import { ensurePnpm, pnpmInstall } from './ensure-tools.mjs';

async function main() {
  const pnpm = ensurePnpm();
  pnpmInstall(pnpm);
  // Loaded once the workspace's packages are installed: on a fresh clone they are not there before.
  const { buildFrontends, demoSignIns, startStack } = await import('./stack.mjs');
  await buildFrontends(pnpm);
  // A server that stops on its own is started again, with back-off, saying so.
  const stack = await startStack({ supervise: true });

  const { password, accounts } = demoSignIns();
  const userTypes = { client: 'client', auditor: 'auditor', targetCompany: 'target company' };
  const roles = (account) =>
    account.userType
      ? `${userTypes[account.userType]} ${account.role}, ${account.organisation}`
      : 'no membership yet';
  console.log(`\nVerity is running: open ${stack.config.publicUrl}\n`);
  if (stack.processes.mail) {
    console.log(`E-mails Verity sends are caught here: ${stack.config.mailCatcher.url}\n`);
  }
  console.log(`Demo sign-ins (password "${password}" for all):`);
  for (const account of accounts) console.log(`  ${account.email.padEnd(28)} ${roles(account)}`);
  console.log('\nPress Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Verity...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(typeof error.exitCode === 'number' ? error.exitCode : 1);
});
