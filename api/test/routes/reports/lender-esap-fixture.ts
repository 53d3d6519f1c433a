// A realistic EBRD-style ESAP of 36 items for the monitoring report's tests
// (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md): sections PR1 to PR10, items such
// as 2.3a and 10.2.1, long French and Turkish text, items already past due, dates due relative to
// the loan's milestones, and 'Resources, Responsibility' cells that split in two. Rev 0 has 35 items;
// Rev 1 (after the first monitoring visit) adds 4.3, gives 1.2 a later date and rewords 3.2.
import { ebrdWorkbook, type FixtureCell } from '../../esap-import/esap-fixtures';

/** One item: No., Action, E&S risk, Requirement, Resources\nResponsibility, Timetable, Completion indicator. */
type Item = [string, string, string, string, string, string, string];

const LONG_FR =
  "Élaborer et mettre en œuvre un Système de Gestion Environnementale et Sociale (SGES) conforme à la PR1 de la BERD et à la norme ISO 14001:2015, couvrant l'identification des risques et impacts, les programmes de gestion, la capacité organisationnelle, la préparation aux situations d'urgence, l'engagement des parties prenantes ainsi que le suivi et l'évaluation; le SGES doit être approuvé par le Conseil d'administration et communiqué à l'ensemble du personnel et des sous-traitants principaux.";
const LONG_TR =
  'İşyerinde iş sağlığı ve güvenliği risk değerlendirmesinin 6331 sayılı Kanun ve EBRD PR2/PR4 gerekliliklerine uygun olarak güncellenmesi; haddehane, ergitme atölyesi ve bakım birimlerinde çalışan tüm işçiler ile alt yüklenici personelinin kişisel koruyucu donanım (KKD) kullanımı, kapatma/etiketleme (LOTO) prosedürleri ve acil durum tahliyesi konularında eğitilmesi; eğitim kayıtlarının tutulması ve yıllık olarak yenilenmesi.';

/** The items by section, as the lender wrote them; `year` is next year, `past` two years ago. */
export function lenderEsapSections(year: number): { section: string; items: Item[] }[] {
  const past = year - 2;
  return [
    {
      section: 'PR1 Assessment and Management of Environmental and Social Risks and Impacts',
      items: [
        [
          '1.1',
          LONG_FR,
          'Absence de SGES formel; risques E&S gérés au cas par cas',
          'EBRD PR1; ISO 14001',
          'EUR 45,000 (consultant externe)\nDirecteur HSE',
          `31/03/${past}`,
          'Manuel SGES approuvé par le Conseil; certificat ISO 14001',
        ],
        [
          '1.2',
          'Nommer un responsable E&S à temps plein, rattaché à la direction générale, avec une fiche de poste couvrant la PR1 à la PR10',
          'Capacité organisationnelle insuffisante',
          'EBRD PR1',
          'Budget interne\nDirection générale',
          `30/06/${past}`,
          'Responsable E&S en poste; fiche de poste signée',
        ],
        [
          '1.3',
          'Former l’encadrement et le personnel au SGES',
          'Compétences E&S insuffisantes',
          'EBRD PR1',
          'EUR 8,000\nDirecteur HSE',
          `31/12/${year}`,
          'Registre de formation: 100 % de l’encadrement formé',
        ],
        [
          '1.4',
          'Prepare and submit the Annual Environmental and Social Report (AESR) to the Bank in the Bank’s format',
          'Lender not informed of E&S performance',
          'EBRD PR1; Loan agreement',
          'Internal resources\nE&S Coordinator',
          'Within 6 months of financial close',
          'AESR received and accepted by the Bank',
        ],
        [
          '1.5',
          'Commission an independent E&S audit of the main contractors before each construction season',
          'Contractor E&S performance unknown',
          'EBRD PR1; PR2',
          'EUR 14,000\nProject Director',
          `31/05/${year}`,
          'Audit report shared with the Bank',
        ],
        [
          '1.6',
          'Mettre à jour le registre des exigences légales environnementales et sociales et en vérifier la conformité chaque semestre',
          'Non-conformités réglementaires non détectées',
          'EBRD PR1; législation nationale',
          'Ressources internes\nJuriste environnement',
          `31/10/${past}`,
          'Registre à jour; rapport semestriel de conformité',
        ],
      ],
    },
    {
      section: 'PR2 Labour and Working Conditions',
      items: [
        [
          '2.1',
          'İşçi şikâyet mekanizması kurulması ve çalışanlara duyurulması',
          'Şikâyet mekanizması yok',
          'EBRD PR2; İş Kanunu',
          'İç kaynaklar\nİnsan Kaynakları Müdürü',
          `30/09/${past}`,
          'Mekanizma işliyor; şikâyetler kayıt altında',
        ],
        [
          '2.2',
          'Alt yüklenici işçilerinin çalışma koşullarının denetlenmesi',
          'Alt yüklenici riskleri',
          'EBRD PR2',
          'EUR 12,000\nSatın Alma Müdürü',
          `31/12/${year}`,
          'Ana alt yüklenicilerin denetim raporu',
        ],
        [
          '2.3a',
          LONG_TR,
          'Haddehanede iş kazaları',
          'EBRD PR2; EBRD PR4; 6331 sayılı Kanun',
          'EUR 60,000 (KKD ve eğitim)\nİSG Müdürü',
          `31/01/${past}`,
          'Eğitim kayıtları; kayıp günlü kaza sıklık oranı 1,0’ın altında',
        ],
        [
          '2.3b',
          'Kapatma/etiketleme (LOTO) ekipmanının tüm bakım noktalarına temini',
          'Bakım sırasında enerji kaynaklı yaralanmalar',
          'EBRD PR2',
          'EUR 20,000\nBakım Müdürü',
          `30/06/${year}`,
          'LOTO kilitleri yerinde; prosedür yayımlandı',
        ],
        [
          '2.4',
          'Adopt a human resources policy covering non-discrimination, equal opportunity, working hours, overtime and the right to join a union',
          'HR policy does not address PR2 requirements',
          'EBRD PR2; ILO core conventions',
          'Internal resources\nHR Director',
          `31/03/${year}`,
          'HR policy approved and posted at all sites',
        ],
        [
          '2.5',
          'Toplu iş sözleşmesi müzakerelerinde sendika temsilcilerine eşit erişim sağlanması ve fazla mesai kayıtlarının aylık denetlenmesi',
          'Fazla mesai sınırlarının aşılması',
          'EBRD PR2; İş Kanunu',
          'İç kaynaklar\nİnsan Kaynakları Müdürü',
          `31/07/${year}`,
          'Aylık fazla mesai raporları; sendika toplantı tutanakları',
        ],
      ],
    },
    {
      section: 'PR3 Resource Efficiency and Pollution Prevention and Control',
      items: [
        [
          '3.1',
          'Réaliser un audit énergétique du laminoir et de l’aciérie électrique',
          'Consommation d’énergie élevée',
          'EBRD PR3',
          'EUR 25,000\nResponsable énergie',
          `31/12/${year}`,
          'Rapport d’audit énergétique et plan d’actions chiffré',
        ],
        [
          '3.2',
          'Installer des filtres à manches sur le four à arc électrique',
          'Émissions de poussières au-dessus des valeurs limites',
          'EBRD PR3; Directive 2010/75/UE',
          'EUR 1,200,000\nDirecteur technique',
          `30/06/${past}`,
          'Mesures en cheminée conformes pendant 3 mois consécutifs',
        ],
        [
          '3.3',
          'Prepare a water efficiency plan with metering on every process line and a recycling target for the cooling circuit',
          'High water use in a water-stressed basin',
          'EBRD PR3; GIIP',
          'EUR 35,000\nTechnical Director',
          `31/10/${year}`,
          'Plan approved; meters installed; 30 % of cooling water recycled',
        ],
        [
          '3.4',
          'Upgrade the wastewater treatment plant to meet the discharge permit for suspended solids, oil and grease',
          'Effluent above permit limits',
          'EBRD PR3; national water law',
          'EUR 400,000\nPlant Manager',
          'Prior to first disbursement',
          'Six months of effluent monitoring within the permit',
        ],
        [
          '3.5',
          'Establish a hazardous waste inventory and contract a licensed disposal company for dusts, sludges and spent oils',
          'Hazardous waste stored on bare ground',
          'EBRD PR3; Waste Regulation',
          'EUR 15,000\nEnvironmental Engineer',
          `28/02/${past}`,
          'Inventory; signed contract; consignment notes',
        ],
        [
          '3.6',
          'Install continuous emission monitoring (CEMS) on the main stack and report the data monthly to the Ministry and the Bank',
          'Air emissions not monitored',
          'EBRD PR3; IED BAT conclusions',
          'EUR 220,000\nEnvironmental Manager',
          `31/03/${year}`,
          'CEMS certified (QAL2); monthly reports',
        ],
        [
          '3.7',
          'Prepare a greenhouse gas inventory (Scope 1 and 2) and a decarbonisation roadmap',
          'Climate transition risk',
          'EBRD PR3; Paris alignment',
          'EUR 30,000\nSustainability Manager',
          `30/11/${year}`,
          'GHG inventory verified by a third party; roadmap approved',
        ],
      ],
    },
    {
      section: 'PR4 Health, Safety and Security',
      items: [
        [
          '4.1',
          'Établir un plan d’intervention d’urgence avec les communautés riveraines et les services de secours',
          'Sécurité des communautés',
          'EBRD PR4',
          'Ressources internes\nDirecteur HSE',
          `31/03/${past}`,
          'Plan approuvé; exercice conjoint réalisé',
        ],
        [
          '4.2',
          'Develop a traffic management plan for heavy goods vehicles crossing the village of Yeniköy',
          'Road accidents involving community members',
          'EBRD PR4',
          'EUR 10,000\nLogistics Manager',
          `30/09/${year}`,
          'Plan implemented; speed limits and crossings in place',
        ],
        [
          '4.4',
          'Review the security arrangements against the Voluntary Principles on Security and Human Rights and train the guards',
          'Security personnel untrained in use of force',
          'EBRD PR4; Voluntary Principles',
          'EUR 5,000\nSecurity Manager',
          `31/12/${year}`,
          'Security policy; training records of all guards',
        ],
        [
          '4.5',
          'Assess the structural safety of the slag heap and install slope monitoring',
          'Slope failure affecting the access road',
          'EBRD PR4; GIIP',
          'EUR 40,000\nGeotechnical Engineer',
          `30/04/${past}`,
          'Geotechnical report; inclinometers in place',
        ],
      ],
    },
    {
      section: 'PR5 Land Acquisition, Restrictions on Land Use and Involuntary Resettlement',
      items: [
        [
          '5.1',
          'Prepare a Livelihood Restoration Framework for the 14 households affected by the slag yard extension',
          'Economic displacement of farmers',
          'EBRD PR5',
          'EUR 80,000\nProject Director',
          'Prior to first disbursement',
          'Framework disclosed; compensation paid to all households',
        ],
        [
          '5.2',
          'Complete the land acquisition audit of the 2019 expansion',
          'Legacy land issues',
          'EBRD PR5',
          'EUR 18,000\nLegal Director',
          `31/12/${past}`,
          'Audit report; corrective actions agreed with the Bank',
        ],
      ],
    },
    {
      section:
        'PR6 Biodiversity Conservation and Sustainable Management of Living Natural Resources',
      items: [
        [
          '6.1',
          'Undertake a critical habitat screening of the Kızılırmak riverbank next to the intake',
          'Possible impact on riverine habitat',
          'EBRD PR6',
          'EUR 22,000\nEnvironmental Manager',
          `30/04/${year}`,
          'Screening report reviewed by the Bank',
        ],
        [
          '6.2',
          'Prepare a Biodiversity Action Plan if the screening finds priority biodiversity features',
          'Loss of priority biodiversity features',
          'EBRD PR6',
          'To be determined\nEnvironmental Manager',
          `31/12/${year}`,
          'BAP approved by the Bank',
        ],
      ],
    },
    {
      section: 'PR7 Indigenous Peoples',
      items: [
        [
          '7.1',
          'Confirm in writing that no Indigenous Peoples are present in the project’s area of influence',
          'Unidentified Indigenous Peoples',
          'EBRD PR7',
          'Internal resources\nE&S Coordinator',
          `31/03/${year}`,
          'Confirmation letter reviewed by the Bank',
        ],
      ],
    },
    {
      section: 'PR8 Cultural Heritage',
      items: [
        [
          '8.1',
          'Adopt a chance finds procedure for all excavation works and train the civil contractors',
          'Damage to buried cultural heritage',
          'EBRD PR8',
          'EUR 3,000\nConstruction Manager',
          `30/06/${year}`,
          'Procedure in contractors’ method statements; training records',
        ],
      ],
    },
    {
      section: 'PR9 Financial Intermediaries',
      items: [
        [
          '9.1',
          'Not applicable to this project: confirm annually in the AESR',
          'None',
          'EBRD PR9',
          'Internal resources\nE&S Coordinator',
          `31/12/${year}`,
          'Statement in the AESR',
        ],
      ],
    },
    {
      section: 'PR10 Information Disclosure and Stakeholder Engagement',
      items: [
        [
          '10.1',
          'Publier le plan d’engagement des parties prenantes (PEPP) en français et en turc sur le site internet de l’entreprise et à la mairie',
          'Engagement des parties prenantes insuffisant',
          'EBRD PR10',
          'EUR 6,000\nResponsable communication',
          `30/09/${past}`,
          'PEPP publié; registre des consultations',
        ],
        [
          '10.2',
          'Establish a community grievance mechanism with a free phone line and a box at the village hall',
          'Community complaints not recorded',
          'EBRD PR10',
          'EUR 4,000\nCommunity Liaison Officer',
          `31/03/${year}`,
          'Grievance log; quarterly summary to the Bank',
        ],
        [
          '10.2.1',
          'Report grievances received and resolved in each AESR',
          'Lender not informed of grievances',
          'EBRD PR10',
          'Internal resources\nCommunity Liaison Officer',
          `31/12/${year}`,
          'Grievance statistics in the AESR',
        ],
        [
          '10.2.2',
          'Yıllık halk toplantısının Yeniköy ve Karaağaç köylerinde düzenlenmesi ve tutanakların yayımlanması',
          'Toplulukla diyalog eksikliği',
          'EBRD PR10',
          'EUR 2,500\nToplum İlişkileri Sorumlusu',
          `30/11/${year}`,
          'Toplantı tutanakları ve katılım listeleri',
        ],
        [
          '10.3',
          'Appoint a Community Liaison Officer speaking Turkish and Kurdish',
          'No single point of contact for communities',
          'EBRD PR10',
          'Internal resources\nGeneral Director',
          `31/01/${past}`,
          'CLO in post; contact details published',
        ],
      ],
    },
  ];
}

/** The item Rev 1 adds, in PR4. */
const ADDED_IN_REV_1: Item = [
  '4.3',
  'Install a fire detection and suppression system in the cable galleries and the transformer yard, and test it with the municipal fire brigade',
  'Fire in the cable galleries',
  'EBRD PR4; fire code',
  'EUR 150,000\nMaintenance Manager',
  '', // set below with the year
  'System commissioned; joint drill report',
];

export const LENDER_REVISION = {
  note: 'agreed after the first monitoring visit',
  later: { item: '1.2' },
  reworded: {
    item: '3.2',
    action:
      'Installer des filtres à manches sur le four à arc électrique et surveiller les émissions de poussières en continu (CEMS)',
  },
  added: '4.3',
} as const;

/** Items in Rev 0 and Rev 1, and sections. */
export const LENDER_ESAP_SIZE = { rev0: 35, rev1: 36, sections: 10 } as const;

/** The workbook's body rows: a section row, then its items, each with the status column. */
function bodyOf(sections: { section: string; items: Item[] }[]): FixtureCell[][] {
  const rows: FixtureCell[][] = [];
  for (const { section, items } of sections) {
    rows.push([section]);
    for (const item of items) rows.push([...item.slice(0, 6), item[6], 'Not started', null]);
  }
  return rows;
}

/** Rev 0: 35 items in ten sections, as the EBRD template lays them out. */
export const lenderEsapWorkbook = (year: number) =>
  ebrdWorkbook({ year, body: bodyOf(lenderEsapSections(year)) });

/** Rev 1: 1.2 a year later, 3.2 reworded, 4.3 added. */
export function lenderEsapRevisionWorkbook(year: number) {
  const sections = lenderEsapSections(year).map(({ section, items }) => ({
    section,
    items: items.map((item): Item => {
      if (item[0] === LENDER_REVISION.later.item)
        return [...item.slice(0, 5), `30/06/${year}`, item[6]] as Item;
      if (item[0] === LENDER_REVISION.reworded.item)
        return [item[0], LENDER_REVISION.reworded.action, ...item.slice(2)] as Item;
      return item;
    }),
  }));
  const pr4 = sections.find(({ section }) => section.startsWith('PR4'))!;
  const added = [...ADDED_IN_REV_1] as Item;
  added[5] = `31/08/${year}`;
  pr4.items.splice(2, 0, added);
  return ebrdWorkbook({ year, body: bodyOf(sections) });
}
