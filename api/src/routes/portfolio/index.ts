import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PORTFOLIO_TEXT,
  gapRuleMessages,
  isDayInDateRange,
  portfolioSchemas,
  type PortfolioGapQuery,
  type SessionUser,
  readingIn,
} from '@verity/shared-api/src/server';
import { requireVisibleCompany } from '../../auth/tenancy';
import { auditorScope, clientScope } from '../../dashboards/scopes';
import type { FigureScope } from '../../dashboards/figures';
import type { Queryable } from '../../db';
import { invalid, notFound } from '../../errors';
import { answerCache, changeFeed } from '../../answer-cache';
import { nextDueDate, portfolioToken, readPortfolio } from '../../portfolio/portfolio-figures';
import { listPortfolioGaps, portfolioExportSelect } from '../../portfolio/portfolio-gaps';
import { callerLanguage } from '../../language/answer-language';

const routeDefaults = { tags: ['portfolio'] };

/** The keys of a client's and of an auditor firm's portfolio among the cached answers (answer-cache.ts). */
const clientKey = (clientId: string) => `client:${clientId}`;
const auditorKey = (auditorId: string) => `auditor:${auditorId}`;

/**
 * A client's portfolio is its companies; an auditor's, its firm's work at the companies it is
 * assigned to. With it, its key among the cached answers.
 */
function portfolioOf(user: SessionUser): { scope: FigureScope; key: string } {
  if (user.userType === 'client') {
    return { scope: clientScope(user.clientId!), key: clientKey(user.clientId!) };
  }
  if (user.userType === 'auditor') {
    return { scope: auditorScope(user.auditorId!), key: auditorKey(user.auditorId!) };
  }
  // The permission (viewPortfolio) has already refused every other user type.
  throw notFound();
}

/** A query's filters, sort and page as one text, whatever order they came in. */
const canonicalQuery = (query: object) =>
  JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The filters' own checks, the same for the explorer and its export (which must refuse before its
 * answer starts): a due range within the years every date column holds and not reversed, and a
 * company or firm the caller sees (else 404, as every route answers for ids outside the caller's
 * tenancy).
 */
async function checkFilters(db: Queryable, user: SessionUser, query: PortfolioGapQuery) {
  for (const day of [query.dueFrom, query.dueTo]) {
    if (day && !isDayInDateRange(day)) throw invalid(gapRuleMessages.dateOutOfRange);
  }
  if (query.dueFrom && query.dueTo && query.dueFrom > query.dueTo)
    throw invalid(PORTFOLIO_TEXT.dueRangeReversed);
  if (query.targetCompanyId) await requireVisibleCompany(db, user, query.targetCompanyId);
  if (query.auditorId) {
    if (user.userType === 'auditor') {
      if (query.auditorId !== user.auditorId) throw notFound();
    } else {
      const { rows } = await db.query(
        'SELECT 1 FROM client_auditors WHERE client_id = $1 AND auditor_id = $2',
        [user.clientId, query.auditorId],
      );
      if (rows.length === 0) throw notFound();
    }
  }
}

/**
 * The portfolio routes of /api/v1 (docs/api.md; how each figure is counted:
 * docs/decisions/0052-portfolio-api.md).
 */
const portfolioRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  // The portfolios (docs/decisions/0009-portfolio-answers-kept.md): checked by the portfolio's token
  // on every request, invalidated by a change-feed notice of a write to their gaps and plans (the
  // client's portfolio, and the firm's while it is assigned to the company).
  const portfolios = answerCache(fastify, {
    validity: 'token',
    invalidatedBy: changeFeed(({ clientId, auditorId }) =>
      auditorId ? [clientKey(clientId), auditorKey(auditorId)] : [clientKey(clientId)],
    ),
  });

  fastify.get(
    '/portfolio',
    {
      config: { permission: 'viewPortfolio' },
      schema: {
        ...routeDefaults,
        summary:
          "The portfolio's figures: company × requirement, SDGs, overdue ageing, closure on time, the most overdue high-risk gaps and open conditions precedent",
        ...portfolioSchemas.portfolio,
      },
    },
    async (request, reply) => {
      const { scope, key } = portfolioOf(request.user);
      return portfolios.send(request, reply, {
        key,
        token: () => portfolioToken(db, scope),
        compute: async () => {
          const { portfolio, nextDue } = await readPortfolio(db, scope);
          return {
            body: JSON.stringify({ success: true, data: portfolio }),
            expiresAt: nextDue?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
      });
    },
  );

  fastify.get(
    '/portfolio/gaps',
    {
      config: { permission: 'viewPortfolio' },
      schema: {
        ...routeDefaults,
        summary: 'One page of the portfolio’s gaps that pass the filters (the gap explorer)',
        description:
          'Each portfolio figure is one combination of these filters; `total` is that figure. Sorted by due date unless `sort` says otherwise, then by id.',
        ...portfolioSchemas.gaps,
      },
    },
    async (request, reply) => {
      await checkFilters(db, request.user, request.query);
      const { scope, key } = portfolioOf(request.user);
      // Cached with the portfolio, under its rule: each of its figures opens the same page of the
      // explorer for every reader of the client or firm, and counting a requirement's gaps of a
      // large company is the explorer's cost (docs/performance.md).
      return portfolios.send(request, reply, {
        key: `${key}\ngaps\n${canonicalQuery(request.query)}`,
        group: key,
        token: () => portfolioToken(db, scope),
        compute: async () => {
          const [data, nextDue] = await Promise.all([
            listPortfolioGaps(db, scope, request.query),
            nextDueDate(db, scope),
          ]);
          return {
            body: reply.serialize({ success: true as const, data }) as string,
            expiresAt: nextDue?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
      });
    },
  );

  fastify.get(
    '/portfolio/gaps/export/csv',
    {
      config: { permission: 'viewPortfolio' },
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          'Every portfolio gap that passes the filters as a CSV file, streamed, in the explorer’s order',
        produces: ['text/csv'],
        ...portfolioSchemas.exportCsv,
      },
    },
    async (request, reply) => {
      await checkFilters(db, request.user, request.query);
      const { sql, params } = readingIn(callerLanguage(request), () =>
        portfolioExportSelect(portfolioOf(request.user).scope, request.query),
      );
      const today = new Date().toISOString().slice(0, 10);
      return fastify.csvDownloads.send(request, reply, PORTFOLIO_TEXT.exportFileName(today), () =>
        db.copyOut(sql, params),
      );
    },
  );
};

export default portfolioRoutes;
