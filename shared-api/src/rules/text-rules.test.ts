import {
  firstTextProblem,
  nameOnOneLine,
  personNameProblem,
  textProblem,
  textRuleMessages,
} from './text-rules';

describe('text rules', () => {
  it.each([
    ['plain text', 'Meters ordered'],
    ['tabs and line breaks', 'line one\r\nline two\tend'],
    ['accents and emoji pairs', 'Café ✓ 🌱 水'],
    ['the replacement character', 'bad byte: \uFFFD'],
  ])('accepts %s', (_name, text) => {
    expect(textProblem(text)).toBeUndefined();
  });

  it.each([
    ['NUL', 'a\u0000b', textRuleMessages.controlCharacters],
    ['escape', '\u001B[31mred', textRuleMessages.controlCharacters],
    ['vertical tab', 'a\u000Bb', textRuleMessages.controlCharacters],
    ['delete', 'a\u007F', textRuleMessages.controlCharacters],
    ['a lone high surrogate', 'a\uD83Cb', textRuleMessages.brokenCharacters],
    ['a lone low surrogate', '\uDF31 leaf', textRuleMessages.brokenCharacters],
    ['a reversed pair', '\uDF31\uD83C', textRuleMessages.brokenCharacters],
  ])('refuses %s', (_name, text, message) => {
    expect(textProblem(text)).toBe(message);
  });

  it('finds a problem anywhere in a parsed body, property names included', () => {
    expect(firstTextProblem({ a: ['ok', { b: 'ok' }], c: 5, d: null })).toBeUndefined();
    expect(firstTextProblem({ a: ['ok', { b: 'x\u0000' }] })).toBe(
      textRuleMessages.controlCharacters,
    );
    expect(firstTextProblem({ fields: { 'id\uD800': { name: 'n', value: 'v' } } })).toBe(
      textRuleMessages.brokenCharacters,
    );
  });

  it('walks a body nested deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(firstTextProblem(deep)).toBe(textRuleMessages.controlCharacters);
  });
});

describe('the full name rule', () => {
  it.each([
    ['a plain name', 'Ada Lovelace'],
    ['accents, apostrophes and hyphens', "Zoë O'Neil-Saavedra"],
    ['a non-Latin script', '王小明'],
  ])('accepts %s', (_name, name) => {
    expect(personNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['CR LF', 'Ada\r\nLovelace'],
    ['LF', 'Ada\nLovelace'],
    ['CR', 'Ada\rLovelace'],
    ['a tab', 'Ada\tLovelace'],
    ['next line (NEL)', 'Ada\u0085Lovelace'],
    ['the line separator', 'Ada\u2028Lovelace'],
    ['the paragraph separator', 'Ada\u2029Lovelace'],
    ['escape', '\u001B[2JAda'],
  ])('refuses %s', (_name, name) => {
    expect(personNameProblem(name)).toBe(textRuleMessages.personNameOnOneLine);
  });

  it('puts a name from elsewhere on one line, each run of breaks one space', () => {
    expect(nameOnOneLine(' Ada\r\n\r\nLovelace\t(Countess)\u2028 ')).toBe(
      'Ada Lovelace (Countess)',
    );
    expect(nameOnOneLine('Ada Lovelace')).toBe('Ada Lovelace');
  });
});
