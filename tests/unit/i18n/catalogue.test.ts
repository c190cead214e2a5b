import { describe, expect, it } from 'vitest';
import { CATALOGUES, islandMessages, translator } from '../../../src/i18n/catalogue.ts';
import { islandTranslator } from '../../../src/i18n/island.ts';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { isPlural, type Message, type MessageTree } from '../../../src/i18n/translate.ts';

/** every leaf of a tree: key → message */
const leaves = (tree: MessageTree, prefix = ''): Map<string, Message> => {
  const out = new Map<string, Message>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string' || isPlural(value)) out.set(path, value);
    else for (const [k, v] of leaves(value, `${path}.`)) out.set(k, v);
  }
  return out;
};
const placeholders = (message: Message) =>
  [...new Set((typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

describe('the message catalogue', () => {
  const english = leaves(CATALOGUES.en as unknown as MessageTree);

  it.each(LOCALES.filter((l) => l !== 'en'))('has every English key in %s, and no other, each with the same placeholders', (locale) => {
    const translated = leaves(CATALOGUES[locale] as unknown as MessageTree);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, message] of english) {
      const other = translated.get(key)!;
      expect(placeholders(other), `${locale} ${key}`).toEqual(placeholders(message));
      expect(isPlural(other), `${locale} ${key} plural`).toBe(isPlural(message));
    }
  });

  it('has no empty message in any language', () => {
    for (const locale of LOCALES) {
      for (const [key, message] of leaves(CATALOGUES[locale] as unknown as MessageTree)) {
        const texts = typeof message === 'string' ? [message] : Object.values(message);
        for (const text of texts) expect(text?.trim(), `${locale} ${key}`).toBeTruthy();
      }
    }
  });

  it("carries the spec's Portuguese words of the edit-profile screen in pt-br", () => {
    const t = translator('pt-br');
    expect(t('profileEdit.saving')).toBe('Salvando...');
    expect(t('profileEdit.saved')).toBe('Perfil atualizado com sucesso!');
    expect(t('profileEdit.usernameHint')).toBe('Apenas letras e números');
    expect(t('profileEdit.imageSize')).toBe('A imagem deve ter menos de 5MB.');
  });

  it('gives an island only the namespaces it asks for, in its language', () => {
    const bundle = islandMessages('pt-br', 'common');
    expect(Object.keys(bundle.messages)).toEqual(['common']);
    const t = islandTranslator(bundle);
    expect(t('common.states.loading')).toBe('Carregando...');
    expect(t('common.language.switchTo', { language: 'English' })).toBe('Ler esta página em English');
  });
});
