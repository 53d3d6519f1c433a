import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import type { Portfolio, PortfolioGapPage, PortfolioGapQuery } from '../contract';
import { PORTFOLIO_TEXT } from '../domain/portfolio';
import type { CsvExport } from './csv-export';
import { fileNameFromDisposition } from './csv-export';
import { dataOf } from './envelope';

/** The explorer's query as the API reads it: lists repeat their field, empty values are left out. */
export function portfolioSearchParams(query: PortfolioGapQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== '') params.append(name, String(item));
    }
  }
  return params;
}

/** GET /portfolio: every figure over the caller's portfolio. */
export function getPortfolio(client: KyInstance = apiClient): Promise<Portfolio> {
  return dataOf<Portfolio>(client.get('portfolio'));
}

/** GET /portfolio/gaps: one page of the gaps that pass the filters. */
export function getPortfolioGaps(
  query: PortfolioGapQuery,
  client: KyInstance = apiClient,
): Promise<PortfolioGapPage> {
  return dataOf<PortfolioGapPage>(
    client.get('portfolio/gaps', { searchParams: portfolioSearchParams(query) }),
  );
}

/** GET /portfolio/gaps/export/csv: every gap that passes the filters, as a CSV file. */
export async function exportPortfolioCsv(
  query: PortfolioGapQuery,
  client: KyInstance = apiClient,
): Promise<CsvExport> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const response = await client.get('portfolio/gaps/export/csv', {
    searchParams: portfolioSearchParams(filters),
  });
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    PORTFOLIO_TEXT.exportFileName(new Date().toISOString().slice(0, 10));
  return { blob, fileName };
}
