// Test databases on the TEST_DATABASE_URL server, for the API's and identity's tests alike.

/** SQLSTATE 55006: the template is in use, by another copy of it starting at the same moment. */
const TEMPLATE_IN_USE = '55006';

/**
 * Creates the database `name`, empty or a copy of the database `template`. Two workers copying one
 * template at the same moment: PostgreSQL lets one go first, and the other tries again shortly.
 */
export async function createDatabase(
  admin: { query(sql: string): Promise<unknown> },
  name: string,
  template?: string,
): Promise<void> {
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
