// A lender's ESAP and its first revision, as workbooks (docs/decisions/0083-esap-revisions.md): eight
// items in French and Turkish, then Rev 1 agreed after the first monitoring visit, which changes
// three (a later timetable, a shared responsibility, a longer action), adds two (1.3 and 2.3, which
// take their places in the numbers' order) and no longer lists one (3.1).
import { simpleWorkbook, type FixtureCell } from './esap-fixtures';

export const REVISION_HEADER = [
  'No.',
  'Action',
  'E&S Risk',
  'Requirements',
  'Responsible',
  'Timetable',
];

/** The original ESAP's rows (Rev 0), due in `year`. */
export function originalEsapRows(year: number): FixtureCell[][] {
  return [
    [
      '1.1',
      'Mettre en place un système de gestion environnementale et sociale (SGES) conforme à la PR1',
      'Absence de SGES',
      'PR1',
      'Directeur HSE',
      `31/03/${year}`,
    ],
    [
      '1.2',
      'Nommer un responsable E&S à temps plein',
      'Capacité organisationnelle insuffisante',
      'PR1',
      'Direction générale',
      `30/06/${year}`,
    ],
    [
      '2.1',
      'İşçi şikâyet mekanizması kurulması ve çalışanlara duyurulması',
      'Şikâyet mekanizması yok',
      'PR2',
      'İnsan Kaynakları Müdürü',
      `30/09/${year}`,
    ],
    [
      '2.2',
      'Alt yüklenici işçilerinin çalışma koşullarının denetlenmesi',
      'Alt yüklenici riskleri',
      'PR2',
      'Satın Alma Müdürü',
      `31/12/${year}`,
    ],
    [
      '3.1',
      'Réaliser un audit énergétique du laminoir',
      'Consommation d’énergie élevée',
      'PR3',
      'Responsable énergie',
      `31/12/${year}`,
    ],
    [
      '3.2',
      'Installer des filtres à manches sur le four à arc électrique',
      'Émissions de poussières',
      'PR3',
      'Directeur technique',
      `30/06/${year}`,
    ],
    [
      '4.1',
      'Établir un plan d’intervention d’urgence avec les communautés riveraines',
      'Sécurité des communautés',
      'PR4',
      'Directeur HSE',
      `31/03/${year}`,
    ],
    [
      '10.1',
      'Publier le plan d’engagement des parties prenantes (PEPP)',
      'Engagement des parties prenantes',
      'PR10',
      'Responsable communication',
      `30/09/${year}`,
    ],
  ];
}

/** What Rev 1 changes, adds and drops, as the tests and the screen's test read them. */
export const REVISION_1 = {
  changed: {
    '1.2': { timetable: (year: number) => `30/09/${year}` },
    '2.1': { responsibility: 'İnsan Kaynakları Müdürü ve Sendika Temsilcisi' },
    '3.2': {
      recommendation:
        'Installer des filtres à manches sur le four à arc électrique et surveiller les émissions en continu',
    },
  },
  added: ['1.3', '2.3'],
  dropped: ['3.1'],
  unchanged: 4,
  note: 'agreed after the first monitoring visit',
} as const;

/** Rev 1's rows: the original with REVISION_1 applied, the new items in their number's place. */
export function revisedEsapRows(year: number): FixtureCell[][] {
  const rows = originalEsapRows(year)
    .filter((row) => row[0] !== '3.1')
    .map((row) => {
      const item = [...row];
      if (item[0] === '1.2') item[5] = REVISION_1.changed['1.2'].timetable(year);
      if (item[0] === '2.1') item[4] = REVISION_1.changed['2.1'].responsibility;
      if (item[0] === '3.2') item[1] = REVISION_1.changed['3.2'].recommendation;
      return item;
    });
  rows.splice(2, 0, [
    '1.3',
    'Former l’encadrement et le personnel au SGES',
    'Compétences E&S insuffisantes',
    'PR1',
    'Directeur HSE',
    `31/12/${year}`,
  ]);
  rows.splice(5, 0, [
    '2.3',
    'İş sağlığı ve güvenliği kurulunun oluşturulması',
    'İSG yönetimi eksik',
    'PR2',
    'İSG Uzmanı',
    `31/03/${year + 1}`,
  ]);
  return rows;
}

export const originalEsapWorkbook = (year: number) =>
  simpleWorkbook(REVISION_HEADER, originalEsapRows(year));
export const revisedEsapWorkbook = (year: number, rows = revisedEsapRows(year)) =>
  simpleWorkbook(REVISION_HEADER, rows);
