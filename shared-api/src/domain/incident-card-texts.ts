// The few words of the ways to an incident register (a card, a button), apart from the screens'
// words (incident-texts.ts) so the pages that only lead there carry no more than these.
export const INCIDENTS_LABEL = 'Incidents';

export const INCIDENT_CARD_TEXT = {
  title: INCIDENTS_LABEL,
  cardHint:
    'Serious E&S incidents: report one at once, then its root cause and corrective actions.',
  open: 'Open',
  portfolioTitle: 'Incident register',
  portfolioCardHint:
    'Every company’s serious incidents with their clocks: open, late, by category.',
} as const;
