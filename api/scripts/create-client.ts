// pnpm --filter @verity/api create-client -- --name "Client" --owner-email x@y --owner-name "Name" [--skip-account]
import { parseArgs } from 'node:util';
import { loadApiConfig } from '../src/config';
import { openDatabase, runMigrations } from '../src/db';
import { createMailer } from '../src/mail/mailer';
import {
  createClient,
  CreateClientError,
  identityAccountCreator,
  sendOwnerInvitation,
} from '../src/seed/create-client';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      name: { type: 'string' },
      'owner-email': { type: 'string' },
      'owner-name': { type: 'string' },
      'skip-account': { type: 'boolean', default: false },
    },
  });
  const config = loadApiConfig(process.env);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(db);
    const created = await createClient(
      db,
      {
        name: values.name ?? '',
        ownerEmail: values['owner-email'] ?? '',
        ownerName: values['owner-name'] ?? '',
      },
      values['skip-account']
        ? undefined
        : identityAccountCreator(config.identityAccountsUrl, config.identityApiKey),
    );
    console.log(`Client created: ${values.name} (${created.clientId})`);
    console.log(`Owner: ${values['owner-email']}`);
    if (created.password) {
      console.log(`One-time password (shown once): ${created.password}`);
    } else if (values['skip-account']) {
      console.log('The owner signs up on the identity sign-in page with this email.');
    } else {
      console.log('The owner already has an identity account and signs in with it.');
    }
    const mailer = createMailer(config);
    const invitation = await sendOwnerInvitation(mailer, config.publicUrl, created.invitation);
    await mailer.close();
    if (invitation.sent) {
      console.log(
        `Invitation e-mailed to ${created.invitation.email}: the owner joins through its link.`,
      );
    } else {
      console.log(`The invitation e-mail could not be sent (${invitation.reason}).`);
      console.log(`Give the owner this one-time link (shown once): ${invitation.link}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CreateClientError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
