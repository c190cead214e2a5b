/** How members are shown: role badges and the generated initials avatar (spec 1 §2.2, §6; spec 2 §9). */

export type RoleBadge = { label: 'MOD' | 'ADMIN'; tone: 'blue' | 'red' } | null;

/** MOD (blue) and ADMIN (red), matched case-insensitively; any other role shows no badge. */
export function roleBadge(role: string | null | undefined): RoleBadge {
  const r = role?.toLowerCase();
  if (r === 'mod') return { label: 'MOD', tone: 'blue' };
  if (r === 'admin') return { label: 'ADMIN', tone: 'red' };
  return null;
}

/** Up to two initials of a name ('Kim Min-ji' → 'KM'; 'hana' → 'H'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join('') || '?';
}

/** The default avatar: the initials on a purple background, as an SVG data URL. */
export function initialsAvatar(name: string): string {
  const initials = initialsOf(name).replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#7c3aed"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="600" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
