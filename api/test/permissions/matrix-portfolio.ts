// The matrix rows of the portfolio and its gap explorer: clients and auditor firms, every role; the
// company or firm a filter names must be the caller's to see.
import { onlyForForeign, type MatrixRow } from './matrix-types';

const CLIENTS_AND_FIRMS = {
  client: [200, 200, 200, 200],
  auditor: [200, 200, 200, 200],
  targetCompany: [403, 403, 403, 403],
} as const;

const NOT_THEIRS = {
  client: [404, 404, 404, 404],
  auditor: [404, 404, 404, 404],
  targetCompany: [403, 403, 403, 403],
} as const;

export const PORTFOLIO_ROWS: readonly MatrixRow[] = [
  {
    route: 'GET /portfolio',
    write: false,
    own: CLIENTS_AND_FIRMS,
    request: () => ({ method: 'GET', url: '/portfolio' }),
  },
  {
    route: 'GET /portfolio/gaps',
    write: false,
    own: CLIENTS_AND_FIRMS,
    foreign: NOT_THEIRS,
    request: ({ target, ids }) => ({
      method: 'GET',
      url: '/portfolio/gaps',
      query: onlyForForeign(target, { targetCompanyId: ids.targetCompanyId }),
    }),
  },
  {
    // The same route filtered by a firm: the foreign tenant's firm is no firm of the caller's.
    route: 'GET /portfolio/gaps',
    write: false,
    own: CLIENTS_AND_FIRMS,
    foreign: NOT_THEIRS,
    request: ({ ids }) => ({
      method: 'GET',
      url: '/portfolio/gaps',
      query: { auditorId: ids.auditorId },
    }),
  },
  {
    route: 'GET /portfolio/gaps/export/csv',
    write: false,
    own: CLIENTS_AND_FIRMS,
    foreign: NOT_THEIRS,
    request: ({ target, ids }) => ({
      method: 'GET',
      url: '/portfolio/gaps/export/csv',
      query: onlyForForeign(target, { targetCompanyId: ids.targetCompanyId }),
    }),
  },
];
