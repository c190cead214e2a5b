// A suspension's end as people read it (contract "Moderating members"): in UTC, so the API's English
// message says the same wherever it runs ("March 5, 2027 at 2:00 PM UTC"); the sign-in islands pass
// their locale ("5 de março de 2027 às 14:00 UTC"). No import: the sign-in island loads it.
export function formatSuspendedUntil(until: Date | string, locale = 'en-US'): string {
  const date = new Date(until);
  // a date that is no date (a hand-made address) is shown as given, never thrown on
  if (Number.isNaN(date.getTime())) return String(until);
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}
