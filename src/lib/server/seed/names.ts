// Names by country: Thai and Filipino here, East Asian ones in their own files, and the
// international names members sign up with.
import type { CountryProfile } from './countries.ts';
import { composeCantoneseName, composeMainlandName, composeTaiwaneseName } from './names-chinese.ts';
import { composeJapaneseName, composeKoreanName, type PersonName } from './names-korean-japanese.ts';
import type { Random } from './rng.ts';

export type { PersonName };

const split = (list: string) => list.split(' ').map((p) => p.split('|') as [string, string]);

const TH_MALE = split(
  'ธนพล|Thanaphon กิตติศักดิ์|Kittisak ปกรณ์|Pakorn ณัฐวุฒิ|Nattawut ชานนท์|Chanon สราวุฒิ|Sarawut ภูวิน|Phuwin ' +
    'กฤต|Krit ธนวัฒน์|Thanawat พงศกร|Pongsakorn วีรยุทธ|Weerayut จิรายุ|Jirayu กรภัทร์|Korapat ศิวกร|Sivakorn ' +
    'ตะวัน|Tawan นวัต|Nawat ศุภสิทธิ์|Suppasit พีรวัส|Perawat',
);
const TH_FEMALE = split(
  'พิมพ์ชนก|Pimchanok กนกวรรณ|Kanokwan ศิริพร|Siriporn ณัฐชา|Natcha ดาวิกา|Davika ชาลิดา|Chalida ' +
    'รัตนาภรณ์|Rattanaporn สุภัสสรา|Supassara วริศรา|Warisara เขมิสรา|Kemisara สโรชา|Sarocha ' +
    'กัญญาวีร์|Kanyawee ณิชาภัทร|Nichaphat อุรัสยา|Urassaya ปรียานุช|Preeyanuch จรินทร์พร|Jarinporn',
);
const TH_FAMILY = split(
  'ศรีสุข|Srisuk วงศ์สวัสดิ์|Wongsawat ชัยพร|Chaiyaporn รัตนกุล|Rattanakul สุวรรณรัตน์|Suwannarat บุญมี|Boonmee ' +
    'ทองใบ|Thongbai แซ่ตั้ง|Saetang แก้วมณี|Kaewmanee พรหมศิริ|Phromsiri ใจดี|Jaidee เจริญปุระ|Charoenpura ' +
    'ศิริวัฒน์|Siriwat คงแก้ว|Kongkaew ธรรมศักดิ์|Thammasak พัฒนพงษ์|Pattanapong เรืองโรจน์|Ruangroj ' +
    'อินทรชัย|Intarachai วัฒนกุล|Wattanakul สมบูรณ์|Somboon',
);
const TH_NICK_MALE = 'Win Bright Gulf Mew Off Gun Tay New First Joong Dunk Jeff Mark Ohm Fluke Earth Mix Pond Nanon Bank Tong Kao Max Force Book'.split(' ');
const TH_NICK_FEMALE = 'Bella Mild Fah Bow Ploy Mook Yaya Mai Baifern Kimmy Mint Jan Pim View Namtan Film Aom Pearl Orn Beam'.split(' ');

/** Thai name: "Thanawat Rattanakul" (ธนวัฒน์ รัตนกุล), known by a nickname ("Bright") */
function composeThaiName(rng: Random, female: boolean): PersonName {
  const [firstT, first] = rng.pick(female ? TH_FEMALE : TH_MALE);
  const [famT, fam] = rng.pick(TH_FAMILY);
  const nick = rng.pick(female ? TH_NICK_FEMALE : TH_NICK_MALE);
  return { name: `${first} ${fam}`, native: `${firstT} ${famT}`, aka: [nick, `${nick} ${first}`], given: nick };
}

const PH_MALE = 'Juan Jose Miguel Paolo Carlo Enrique Gabriel Rafael Joshua Daniel Coco Alden Dingdong Piolo Ruru Gerald Xian'.split(' ');
const PH_FEMALE = 'Maria Angel Kathryn Liza Nadine Bea Marian Julia Andrea Sofia Janine Kim Heart Maine Jodi Barbie Jane Arci'.split(' ');
const PH_FAMILY = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Ramos', 'Aquino',
  'Castillo', 'Rivera', 'Fernandez', 'Soberano', 'Padilla', 'Bernardo', 'Gonzales', 'Lopez', 'Salazar', 'Marquez'];

/** Filipino name in Latin script (no separate native form) */
function composeFilipinoName(rng: Random, female: boolean): PersonName {
  const first = rng.pick(female ? PH_FEMALE : PH_MALE);
  const fam = rng.pick(PH_FAMILY);
  return { name: `${first} ${fam}`, native: null, aka: rng.chance(0.3) ? [`${first[0]}. ${fam}`] : [], given: first };
}

/** A name as written in the country of a person or a character. */
export function composePersonName(rng: Random, country: CountryProfile, female: boolean): PersonName {
  switch (country.name) {
    case 'South Korea': return composeKoreanName(rng, female);
    case 'Japan': return composeJapaneseName(rng, female);
    case 'China': return composeMainlandName(rng, female);
    case 'Taiwan': return composeTaiwaneseName(rng, female);
    case 'Hong Kong': return composeCantoneseName(rng, female, 'hk');
    case 'Singapore': return composeCantoneseName(rng, female, 'sg');
    case 'Thailand': return composeThaiName(rng, female);
    default: return composeFilipinoName(rng, female);
  }
}

const WORLD_FIRST = ('Emma Olivia Sophie Lucas Noah Liam Mia Chloe Hannah Daniel Sarah Laura Ana Lucia Mateo Gabriel ' +
  'Camila Isabela Julia Marie Jonas Lena Elif Aylin Omar Layla Priya Arjun Ananya Nadia Dina Sari Putri Rizky ' +
  'Linh Minh Thao Ahmad Aisha Zoe Ella Grace Ethan Ryan Amelia Chiara Marco Ines Joao Beatriz Tomas').split(' ');
const WORLD_LAST = ('Smith Johnson Brown Garcia Martin Bernard Silva Santos Rossi Muller Schmidt Novak Kowalski Nguyen ' +
  'Tran Pham Wijaya Putra Santoso Rahman Hassan Khan Patel Sharma Costa Ferreira Lopez Hernandez Dubois Moreau ' +
  'Jansen Larsen Nilsen Yilmaz Kaya Petrov Ivanova Horvat Murphy Kelly Walker Hall Young Torres Rivera').split(' ');

/** A member's display name: people from everywhere watch Asian dramas. */
export function composeMemberName(rng: Random, country: CountryProfile | null): string {
  if (country) return composePersonName(rng, country, rng.chance(0.6)).name;
  return `${rng.pick(WORLD_FIRST)} ${rng.pick(WORLD_LAST)}`;
}
