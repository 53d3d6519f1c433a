import {
  columnLetter,
  fieldOfHeader,
  fieldsOfCombinedHeader,
  esapStatusKey,
  knownStatusTarget,
  splitCombinedCell,
  normaliseHeader,
  repeatedMapping,
  withoutFootnote,
} from './esap-import';

describe('ESAP headers', () => {
  it.each([
    ['No.', 'esapItemNumber'],
    ['Item No.', 'esapItemNumber'],
    ['#', 'esapItemNumber'],
    ['Action', 'recommendation'],
    ['Corrective Action', 'recommendation'],
    ['E&S Risk', 'gapName'],
    ['Environmental & Social Risks / Liabilities / Benefits', 'gapName'],
    ['Environmental and Social Risks', 'gapName'],
    ['Non-compliance', 'gapName'],
    ['Requirements (Legislative, EBRD PR, Best Practice)', 'requirementReferences'],
    ['PS', 'requirementReferences'],
    ['PR', 'requirementReferences'],
    ['Resources, Responsibility', 'resources'],
    ['Resources / Investment Needs', 'resources'],
    ['Investment needs', 'resources'],
    ['Budget (USD)', 'resources'],
    ['Cost', 'resources'],
    ['Responsible', 'responsibility'],
    ['Responsibility', 'responsibility'],
    ['Owner', 'responsibility'],
    ['Status / Responsibility', 'status'],
    ['Responsibility & Timing', 'responsibility'],
    ['Timetable', 'timetable'],
    ['Timeline', 'timetable'],
    ['Deadline', 'timetable'],
    ['Completion date', 'timetable'],
    ['Completion Indicator / Target and Evaluation Criteria', 'completionIndicator'],
    ['Deliverable', 'completionIndicator'],
    ['Target', 'completionIndicator'],
    ['Status', 'status'],
    ['Comments', 'comments'],
    ['Action taken by company', 'actionTakenByCompany'],
    ['Timetable²', 'timetable'],
    ['Timetable2', 'timetable'],
    ['Requirements*', 'requirementReferences'],
    ['Completion\nIndicator', 'completionIndicator'],
    // French and Turkish headers, accents or not.
    ['N°', 'esapItemNumber'],
    ['Sıra No', 'esapItemNumber'],
    ['Mesures correctives', 'recommendation'],
    ['Eylem / Önlem', 'recommendation'],
    ['Risques environnementaux et sociaux', 'gapName'],
    ['Çevresel ve Sosyal Riskler', 'gapName'],
    ['Exigences (PR BERD)', 'requirementReferences'],
    ['Responsable', 'responsibility'],
    ['SORUMLU', 'responsibility'],
    ['Coût estimé (EUR)', 'resources'],
    ['Bütçe', 'resources'],
    ['Échéance', 'timetable'],
    ['Echeance', 'timetable'],
    ['Termin', 'timetable'],
    ['Indicateur de réalisation', 'completionIndicator'],
    ['Tamamlanma Göstergesi', 'completionIndicator'],
    ['État d’avancement', 'status'],
    ['Durum', 'status'],
    ['Observations', 'comments'],
    ['Investor relations', null],
    ['', null],
  ])('%j is %s', (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });

  it.each([
    ['Status / Responsibility', ['status', 'responsibility']],
    ['Responsibility & Timing', ['responsibility', 'timetable']],
    ['Resources, Responsibility', ['resources', 'responsibility']],
    ['Timeline and Responsibility', ['timetable', 'responsibility']],
    ['Resources / Investment Needs', []],
    ['Completion Indicator / Target and Evaluation Criteria', []],
    ['Environmental & Social Risks / Liabilities / Benefits', []],
    ['Requirements (Legislative, EBRD PR, Best Practice)', []],
    ['Implementation / Timetable', []],
    ['E&S Risk', []],
    ['Status', []],
  ])('the combined header %j names %j', (header, fields) => {
    expect(fieldsOfCombinedHeader(header)).toEqual(fields);
  });

  it.each([
    ['Ongoing / HSE Manager', ['Ongoing', 'HSE Manager']],
    ['HSE Manager\nQ3 2027', ['HSE Manager', 'Q3 2027']],
    ['En cours; Responsable HSE', ['En cours', 'Responsable HSE']],
    ['Devam ediyor - İSG Müdürü', ['Devam ediyor', 'İSG Müdürü']],
    ['Recurring', null],
    ['HSE Manager / Plant Director / CEO', null],
    ['Ongoing /', null],
  ])('the cell %j splits into %j', (cell, parts) => {
    expect(splitCombinedCell(cell)).toEqual(parts);
  });

  it.each([
    ['Ongoing', 'open'],
    ['In progress', 'open'],
    ['Not started', 'open'],
    ['Partially completed', 'open'],
    ['Not completed', 'open'],
    ['Completed', 'provClosed'],
    ['Closed', 'provClosed'],
    ['En cours', 'open'],
    ['Non commencé', 'open'],
    ['NON COMMENCÉ', 'open'],
    ['Achevé', 'provClosed'],
    ['Terminée', 'provClosed'],
    ['Devam ediyor', 'open'],
    ['Başlanmadı', 'open'],
    ['Tamamlandı', 'provClosed'],
    ['En curso', 'open'],
    ['No iniciado', 'open'],
    ['Completado', 'provClosed'],
    ['Recurring', undefined],
    ['Tender stage', undefined],
    ['Opening soon', undefined],
    ['', undefined],
  ])('the ESAP status %j proposes %s', (text, target) => {
    expect(knownStatusTarget(text)).toBe(target);
  });

  it('compares statuses trimmed, spaces collapsed, in any case', () => {
    expect(esapStatusKey('  Non\u00A0 Commencé ')).toBe('non commencé');
    expect(esapStatusKey('Non commence\u0301')).toBe('non commencé');
  });

  it('normalises headers and strips footnote markers', () => {
    expect(normaliseHeader('  E&S   Risk¹ ')).toBe('e and s risk');
    expect(withoutFootnote('Dec 2026 [2]')).toBe('Dec 2026');
    expect(withoutFootnote('Q3 2026 (a)')).toBe('Q3 2026');
  });

  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('names both columns mapped to one field', () => {
    expect(repeatedMapping({ A: 'esapItemNumber', B: 'recommendation', C: null })).toBeUndefined();
    expect(
      repeatedMapping(
        { A: 'esapItemNumber', B: 'recommendation', F: 'recommendation' },
        { B: 'Action', F: 'Corrective action' },
      ),
    ).toBe(
      "Columns B ('Action') and F ('Corrective action') are both mapped to Recommendation (Action); map one of them to another field or to 'Not imported'.",
    );
  });
});
