import { render, screen } from '@testing-library/react';
import { LazyChart } from './lazy-chart';

// The network edge: the chart's chunk does not arrive (as when a connection drops mid-load).
jest.mock('./chart-canvas', () => {
  throw new Error('Loading chunk 950 failed.');
});

describe('LazyChart whose code does not arrive', () => {
  it('says so in its own box of its height and keeps its words, and the page around it stays', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <main>
          <p>Total Audits 12</p>
          <LazyChart option={{}} height={280} summary="Environment 67 %, Social 33 %" />
        </main>,
      );
      expect(await screen.findByText('The chart could not be loaded.')).toHaveStyle({
        height: '280px',
      });
      expect(
        screen.getByRole('img', { name: 'Environment 67 %, Social 33 %' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Total Audits 12')).toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });
});
