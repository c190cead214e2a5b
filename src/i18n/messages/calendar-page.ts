import type { Translation } from '../translate.ts';

/**
 * The calendar's words that its rules (src/lib/calendar/calendar.ts) write: seasons, the count and
 * the empty messages (spec 1 §2.11, §8). Exported by language too, so the rules default to English
 * without bundling the other languages.
 */
export const en = {
  seasons: {
    q1: { name: 'Winter/Spring', months: 'Jan-Mar' },
    q2: { name: 'Spring/Summer', months: 'Apr-Jun' },
    q3: { name: 'Summer/Fall', months: 'Jul-Sep' },
    q4: { name: 'Fall/Winter', months: 'Oct-Dec' },
  },
  season: 'Q{quarter} {name} ({months})',
  found: '{count} drama(s) found',
  emptySeason: 'No dramas found for {season} {year}.',
  emptyYear: 'No dramas found for {year}.',
  loadError: 'Failed to load dramas. Please try again.',
};

const ptBr: Translation<typeof en> = {
  seasons: {
    q1: { name: 'Inverno/Primavera', months: 'jan-mar' },
    q2: { name: 'Primavera/Verão', months: 'abr-jun' },
    q3: { name: 'Verão/Outono', months: 'jul-set' },
    q4: { name: 'Outono/Inverno', months: 'out-dez' },
  },
  season: 'T{quarter} {name} ({months})',
  found: '{count} dorama(s) encontrado(s)',
  emptySeason: 'Nenhum dorama encontrado para {season} de {year}.',
  emptyYear: 'Nenhum dorama encontrado para {year}.',
  loadError: 'Não foi possível carregar os doramas. Tente novamente.',
};

export default { en, 'pt-br': ptBr };
