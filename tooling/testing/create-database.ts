// Test databases on the TEST_DATABASE_URL server, for the API's and identity's tests alike.

/** A connection to the server as a user who may create and drop databases. */
interface Admin {
  query(sql: string, values?: unknown[]): Promise<{ rowCount: number | null }>;
}

/** SQLSTATE 55006: the template is in use, by another copy of it starting at the same moment. */
const TEMPLATE_IN_USE = '55006';

/**
 * Creates the database `name`, empty or a copy of the database `template`. Two workers copying one
 * template at the same moment: PostgreSQL lets one go first, and the other tries again shortly.
 */
export async function createDatabase(admin: Admin, name: string, template?: string): Promise<void> {
  const sql = template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== TEMPLATE_IN_USE || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** Whether the database `name` exists (a template the server's reset data may have lost, say). */
export async function databaseExists(admin: Admin, name: string): Promise<boolean> {
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return found.rowCount === 1;
}
