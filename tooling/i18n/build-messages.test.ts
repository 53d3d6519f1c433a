// What the builds make of the messages (docs/decisions/0109-languages.md): each id our code names
// carries its English message, English catalogues are empty, and another language's catalogue
// is compiled.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import catalogueLoader from '../webpack/catalogue-loader.cjs';
import messageInlineLoader from '../webpack/message-inline-loader.cjs';
import { englishMessages } from './english-messages.cjs';

const shellLocales = path.resolve(__dirname, '../../shell/src/locales');

function inline(source: string) {
  const errors: Error[] = [];
  const context = {
    addDependency: () => undefined,
    emitError: (error: Error) => errors.push(error),
  };
  return { code: messageInlineLoader.call(context, source) as string, errors };
}

describe('messages in the builds', () => {
  it('put the English message beside each id the code names, in calls and in tables', () => {
    const { code, errors } = inline(
      "const a = t('shell.login.title');\nconst b = { go: 'shell.login.button' };\nimport x from 'react-dom';",
    );
    expect(code).toBe(
      `const a = t(["shell.login.title", ["Welcome to Verity"]]);\n` +
        `const b = { go: ["shell.login.button", ["Login As ",["userType"]]] };\n` +
        "import x from 'react-dom';",
    );
    expect(errors).toEqual([]);
  });

  it('fail on a call naming an id no catalogue has', () => {
    const { code, errors } = inline("t('shell.login.nowhere')");
    expect(code).toBe("t('shell.login.nowhere')");
    expect(errors.map((error) => error.message)).toEqual([
      'No English message "shell.login.nowhere" in any locales/en.json',
    ]);
  });

  it('leave English catalogues empty and compile the others', () => {
    const load = (language: string) =>
      JSON.parse(
        catalogueLoader.call(
          { resourcePath: path.join(shellLocales, `${language}.json`) },
          readFileSync(path.join(shellLocales, `${language}.json`), 'utf8'),
        ),
      );
    expect(load('en')).toEqual({});
    expect(load('fr')['shell.login.title']).toEqual(['Bienvenue sur Verity']);
  });

  it('read every English message of the browser’s catalogues', () => {
    const { messages } = englishMessages();
    expect(messages.get('shell.login.subtitle')).toEqual(['Login your ACCOUNT']);
    expect(messages.size).toBeGreaterThan(500);
  });
});
