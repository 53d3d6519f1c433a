import { render, screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { Remark, RemarkDoc, RemarkEvidence } from '@verity/shared-api';
import { RemarkList } from './remark-list';

const SHA = 'a3f1c09b7d2e4f56a3f1c09b7d2e4f56a3f1c09b7d2e4f56a3f1c09b7d2e4f56';

function evidence(overrides: Partial<RemarkEvidence> = {}): RemarkEvidence {
  return {
    sha256: SHA,
    width: 4032,
    height: 3024,
    capturedAt: '2026-03-01T10:05:00+05:30',
    camera: 'Fujifilm X-T5',
    gps: { latitude: 18.5204, longitude: 73.8567 },
    deviceRecorded: [],
    warnings: [],
    duplicateOf: null,
    ...overrides,
  };
}

function doc(id: string, overrides: Partial<RemarkDoc> = {}): RemarkDoc {
  return {
    _id: id,
    url: `/api/v1/remark-document/${id}`,
    fileName: `${id}.jpg`,
    size: 2048,
    withdrawn: null,
    evidence: evidence(),
    ...overrides,
  };
}

function remarkWith(docs: RemarkDoc[]): Remark {
  return {
    _id: 'r1',
    id: 'r1',
    comments: 'Meter fitted, photos attached',
    createdAt: '2026-03-02T09:00:00.000Z',
    withdrawableUntil: null,
    withdrawn: null,
    user: { userType: 'targetCompany', fullname: 'Arjun Mehta', userId: 'u1', role: 'editor' },
    docs,
  };
}

const renderList = (docs: RemarkDoc[]) =>
  render(<RemarkList remarks={[remarkWith(docs)]} scrollRequest={0} />);

/** The value beside a term of an image's evidence. */
function fact(item: HTMLElement, term: string): HTMLElement {
  const dt = within(item).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

const imageItem = (fileName: string) =>
  screen.getByRole('link', { name: new RegExp(fileName) }).closest('li') as HTMLElement;

describe('RemarkList evidence', () => {
  it('shows the pixel size, capture time, camera, position and a short hash beside an image', async () => {
    const { container } = renderList([doc('meter')]);
    const item = imageItem('meter.jpg');
    expect(fact(item, 'Pixels')).toHaveTextContent('4032 × 3024 px');
    // The camera's clock as it read, with its offset: not turned into the reader's time zone.
    expect(fact(item, 'Taken')).toHaveTextContent('01/03/2026 10:05 AM UTC+05:30');
    expect(
      within(fact(item, 'Taken'))
        .getByText(/10:05 AM/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2026-03-01T10:05:00+05:30');
    expect(fact(item, 'Camera')).toHaveTextContent('Fujifilm X-T5');
    const map = within(item).getByRole('link', {
      name: '18.52040, 73.85670 on OpenStreetMap (opens in a new tab)',
    });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=18.5204&mlon=73.8567');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    const hash = within(fact(item, 'SHA-256')).getByText(SHA.slice(0, 12));
    expect(hash).toHaveAttribute('title', `SHA-256 ${SHA}`);
    expect(item.querySelector('[data-warning]')).toBeNull();
    // The details sit inside the image's own list item: the list still counts images only.
    expect(
      within(screen.getByRole('list', { name: 'Attached images' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows each warning as a badge in words, never hiding the image', async () => {
    const { container } = renderList([
      doc('screenshot', {
        evidence: evidence({
          capturedAt: null,
          camera: null,
          gps: null,
          warnings: ['noCaptureData'],
        }),
      }),
      doc('old', {
        evidence: evidence({
          warnings: ['takenBeforeGap', 'sameFileOnAnotherGap'],
          duplicateOf: { gapId: 'gap-2', KPI: 'Water use per tonne' },
        }),
      }),
    ]);
    const screenshot = imageItem('screenshot.jpg');
    expect(within(screenshot).getByText('No capture data')).toHaveAttribute(
      'data-warning',
      'noCaptureData',
    );
    expect(within(screenshot).queryByText('Taken', { selector: 'dt' })).toBeNull();
    expect(screenshot.querySelector('img')).toHaveAttribute(
      'src',
      '/api/v1/remark-document/screenshot',
    );
    expect(
      within(screen.getByRole('list', { name: 'Attached images' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    const old = imageItem('old.jpg');
    expect(within(old).getByText('Taken before the gap was raised')).toBeInTheDocument();
    expect(within(old).getByText('Same file as on gap “Water use per tonne”')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('cuts a long KPI in the badge and keeps it whole in its title', () => {
    const kpi = `Scope 3 emissions ${'per supplier '.repeat(20)}`.trim();
    renderList([
      doc('reused', {
        evidence: evidence({
          warnings: ['sameFileOnAnotherGap'],
          duplicateOf: { gapId: 'gap-2', KPI: kpi },
        }),
      }),
    ]);
    const badge = within(imageItem('reused.jpg')).getByText(/^Same file as on gap “Scope 3/);
    expect(badge.textContent?.length).toBeLessThan(90);
    expect(badge.textContent).toMatch(/…”$/);
    expect(badge).toHaveAttribute('title', `Same file as on gap “${kpi}”`);
  });

  it('says when the time and place were recorded by the device, not the camera', async () => {
    const { container } = renderList([
      doc('site', {
        evidence: evidence({ camera: null, deviceRecorded: ['capturedAt', 'gps'] }),
      }),
      doc('clock', { evidence: evidence({ deviceRecorded: ['capturedAt'] }) }),
      doc('camera'),
    ]);
    const site = imageItem('site.jpg');
    expect(fact(site, 'Taken')).toHaveTextContent(
      '01/03/2026 10:05 AM UTC+05:30Time recorded by the device, not the camera',
    );
    expect(fact(site, 'Location')).toHaveTextContent(
      'Place recorded by the device, not the camera',
    );
    const clock = imageItem('clock.jpg');
    expect(fact(clock, 'Taken')).toHaveTextContent('Time recorded by the device, not the camera');
    expect(fact(clock, 'Location')).not.toHaveTextContent('device');
    expect(within(imageItem('camera.jpg')).queryByText(/recorded by the device/)).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says when the time zone or the pixel size is not known', () => {
    renderList([
      doc('scan', {
        evidence: evidence({ capturedAt: '2026-03-01T10:05:00', width: null, height: null }),
      }),
    ]);
    const item = imageItem('scan.jpg');
    expect(fact(item, 'Taken')).toHaveTextContent('01/03/2026 10:05 AM (time zone unknown)');
    expect(fact(item, 'Pixels')).toHaveTextContent('Unknown');
  });

  it('names no gap when the answer names none', () => {
    renderList([
      doc('copy', {
        evidence: evidence({ warnings: ['sameFileOnAnotherGap'], duplicateOf: null }),
      }),
    ]);
    expect(
      within(imageItem('copy.jpg')).getByText('Same file as on another gap'),
    ).toBeInTheDocument();
  });

  it('shows no evidence for a withdrawn image or one stored before evidence was kept', () => {
    renderList([
      doc('earlier', { evidence: null }),
      doc('gone', {
        url: '',
        fileName: '',
        size: 0,
        evidence: null,
        withdrawn: {
          at: '2026-03-03T09:00:00.000Z',
          by: { fullname: 'Arjun Mehta', userId: 'u1' },
        },
      }),
    ]);
    expect(screen.queryByText('Pixels')).toBeNull();
    expect(screen.queryByText('SHA-256')).toBeNull();
    expect(screen.getByText('Attachment withdrawn')).toBeInTheDocument();
  });
});
