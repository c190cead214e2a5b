// Title patterns, written once per language so that the native and romanised titles match the
// English one. Each returns [native, romanised]; Tagalog is already in Latin script.
import type { Word } from './title-words.ts';

export interface TitleParts {
  a: Word;
  b: Word;
  adj: Word;
  /** variety-show suffix */
  show: ShowSuffix;
}

type Pair = readonly [string, string];
export interface Template {
  name: string;
  en(p: TitleParts): string;
  ko(p: TitleParts): Pair;
  zh(p: TitleParts): Pair;
  ja(p: TitleParts): Pair;
  th(p: TitleParts): Pair;
  tl(p: TitleParts): string;
}

export interface ShowSuffix { en: string; ko: Pair; zh: Pair; ja: Pair; th: Pair; tl: string }

export const SHOW_SUFFIXES: readonly ShowSuffix[] = [
  { en: 'Club', ko: ['클럽', 'keulleop'], zh: ['俱乐部', 'julebu'], ja: ['クラブ', 'kurabu'], th: ['คลับ', 'khlap'], tl: 'Samahan' },
  { en: 'Camp', ko: ['캠프', 'kaempeu'], zh: ['营', 'ying'], ja: ['キャンプ', 'kyanpu'], th: ['แคมป์', 'khaem'], tl: 'Kampo' },
  { en: 'Trip', ko: ['여행', 'yeohaeng'], zh: ['旅行', 'lvxing'], ja: ['旅', 'tabi'], th: ['ทริป', 'thrip'], tl: 'Biyahe' },
  { en: 'Night', ko: ['나이트', 'naiteu'], zh: ['之夜', 'zhi ye'], ja: ['ナイト', 'naito'], th: ['ไนท์', 'nai'], tl: 'Gabi' },
  { en: 'Show', ko: ['쇼', 'syo'], zh: ['秀', 'xiu'], ja: ['ショー', 'shoo'], th: ['โชว์', 'cho'], tl: 'Palabas' },
  { en: 'Village', ko: ['마을', 'maeul'], zh: ['村', 'cun'], ja: ['村', 'mura'], th: ['หมู่บ้าน', 'mu ban'], tl: 'Nayon' },
  { en: 'Table', ko: ['식탁', 'siktak'], zh: ['餐桌', 'canzhuo'], ja: ['食卓', 'shokutaku'], th: ['โต๊ะอาหาร', 'to ahan'], tl: 'Hapag' },
];

/** whether a Hangul word ends in a consonant (it picks the particle: 와/과, 이/가, 를/을) */
function endsInConsonant(word: string): boolean {
  const code = word.charCodeAt(word.length - 1);
  return code >= 0xac00 && code <= 0xd7a3 && (code - 0xac00) % 28 !== 0;
}

const the = (w: Word) => (w.the ? `the ${w.en}` : w.en);
const The = (w: Word) => (w.the ? `The ${w.en}` : w.en);
/** Chinese adjectives end in 的; after 我的 it reads better without it */
const bareZh = (w: Word): Pair => [w.zh[0].replace(/的$/, ''), w.zh[1].replace(/ de$/, '')];

export const TEMPLATES: Record<string, Template> = {
  of: {
    name: 'of', en: (p) => `${The(p.a)} of ${the(p.b)}`,
    ko: (p) => [`${p.b.ko[0]}의 ${p.a.ko[0]}`, `${p.b.ko[1]}ui ${p.a.ko[1]}`],
    zh: (p) => [`${p.b.zh[0]}之${p.a.zh[0]}`, `${p.b.zh[1]} zhi ${p.a.zh[1]}`],
    ja: (p) => [`${p.b.ja[0]}の${p.a.ja[0]}`, `${p.b.ja[1]} no ${p.a.ja[1]}`],
    th: (p) => [`${p.a.th[0]}แห่ง${p.b.th[0]}`, `${p.a.th[1]} haeng ${p.b.th[1]}`],
    tl: (p) => `Ang ${p.a.tl} ng ${p.b.tl}`,
  },
  adjective: {
    name: 'adjective', en: (p) => `${p.a.the || p.adj.the ? 'The ' : ''}${p.adj.en} ${p.a.en}`,
    ko: (p) => [`${p.adj.ko[0]} ${p.a.ko[0]}`, `${p.adj.ko[1]} ${p.a.ko[1]}`],
    zh: (p) => [`${p.adj.zh[0]}${p.a.zh[0]}`, `${p.adj.zh[1]} ${p.a.zh[1]}`],
    ja: (p) => [`${p.adj.ja[0]}${p.a.ja[0]}`, `${p.adj.ja[1]} ${p.a.ja[1]}`],
    th: (p) => [`${p.a.th[0]}${p.adj.th[0]}`, `${p.a.th[1]} ${p.adj.th[1]}`],
    tl: (p) => `Ang ${p.adj.tl} ${p.a.tl}`,
  },
  adjectiveOf: {
    name: 'adjectiveOf', en: (p) => `The ${p.adj.en} ${p.a.en} of ${the(p.b)}`,
    ko: (p) => [`${p.b.ko[0]}의 ${p.adj.ko[0]} ${p.a.ko[0]}`, `${p.b.ko[1]}ui ${p.adj.ko[1]} ${p.a.ko[1]}`],
    zh: (p) => [`${p.b.zh[0]}之${bareZh(p.adj)[0]}${p.a.zh[0]}`, `${p.b.zh[1]} zhi ${bareZh(p.adj)[1]} ${p.a.zh[1]}`],
    ja: (p) => [`${p.b.ja[0]}の${p.adj.ja[0]}${p.a.ja[0]}`, `${p.b.ja[1]} no ${p.adj.ja[1]} ${p.a.ja[1]}`],
    th: (p) => [`${p.a.th[0]}${p.adj.th[0]}แห่ง${p.b.th[0]}`, `${p.a.th[1]} ${p.adj.th[1]} haeng ${p.b.th[1]}`],
    tl: (p) => `Ang ${p.adj.tl} ${p.a.tl} ng ${p.b.tl}`,
  },
  my: {
    name: 'my', en: (p) => `My ${p.a.en}`,
    ko: (p) => [`나의 ${p.a.ko[0]}`, `naui ${p.a.ko[1]}`],
    zh: (p) => [`我的${p.a.zh[0]}`, `wo de ${p.a.zh[1]}`],
    ja: (p) => [`私の${p.a.ja[0]}`, `watashi no ${p.a.ja[1]}`],
    th: (p) => [`${p.a.th[0]}ของฉัน`, `${p.a.th[1]} khong chan`],
    tl: (p) => `Ang Aking ${p.a.tl}`,
  },
  myAdjective: {
    name: 'myAdjective', en: (p) => `My ${p.adj.en} ${p.a.en}`,
    ko: (p) => [`나의 ${p.adj.ko[0]} ${p.a.ko[0]}`, `naui ${p.adj.ko[1]} ${p.a.ko[1]}`],
    zh: (p) => [`我的${bareZh(p.adj)[0]}${p.a.zh[0]}`, `wo de ${bareZh(p.adj)[1]} ${p.a.zh[1]}`],
    ja: (p) => [`私の${p.adj.ja[0]}${p.a.ja[0]}`, `watashi no ${p.adj.ja[1]} ${p.a.ja[1]}`],
    th: (p) => [`${p.a.th[0]}${p.adj.th[0]}ของฉัน`, `${p.a.th[1]} ${p.adj.th[1]} khong chan`],
    tl: (p) => `Ang Aking ${p.adj.tl} ${p.a.tl}`,
  },
  and: {
    name: 'and', en: (p) => `${The(p.a)} and ${the(p.b)}`,
    ko: (p) => {
      const c = endsInConsonant(p.a.ko[0]);
      return [`${p.a.ko[0]}${c ? '과' : '와'} ${p.b.ko[0]}`, `${p.a.ko[1]}${c ? 'gwa' : 'wa'} ${p.b.ko[1]}`];
    },
    zh: (p) => [`${p.a.zh[0]}与${p.b.zh[0]}`, `${p.a.zh[1]} yu ${p.b.zh[1]}`],
    ja: (p) => [`${p.a.ja[0]}と${p.b.ja[0]}`, `${p.a.ja[1]} to ${p.b.ja[1]}`],
    th: (p) => [`${p.a.th[0]}กับ${p.b.th[0]}`, `${p.a.th[1]} kap ${p.b.th[1]}`],
    tl: (p) => `${p.a.tl} at ${p.b.tl}`,
  },
  diaries: {
    name: 'diaries', en: (p) => `${p.a.en} Diaries`,
    ko: (p) => [`${p.a.ko[0]} 일기`, `${p.a.ko[1]} ilgi`],
    zh: (p) => [`${p.a.zh[0]}日记`, `${p.a.zh[1]} riji`],
    ja: (p) => [`${p.a.ja[0]}日記`, `${p.a.ja[1]} nikki`],
    th: (p) => [`บันทึก${p.a.th[0]}`, `banthuek ${p.a.th[1]}`],
    tl: (p) => `Talaarawan ng ${p.a.tl}`,
  },
  chronicles: {
    name: 'chronicles', en: (p) => `Chronicles of ${the(p.a)}`,
    ko: (p) => [`${p.a.ko[0]} 연대기`, `${p.a.ko[1]} yeondaegi`],
    zh: (p) => [`${p.a.zh[0]}传`, `${p.a.zh[1]} zhuan`],
    ja: (p) => [`${p.a.ja[0]}物語`, `${p.a.ja[1]} monogatari`],
    th: (p) => [`ตำนาน${p.a.th[0]}`, `tamnan ${p.a.th[1]}`],
    tl: (p) => `Kuwento ng ${p.a.tl}`,
  },
  goodbye: {
    name: 'goodbye', en: (p) => `Goodbye, My ${p.a.en}`,
    ko: (p) => [`안녕, 나의 ${p.a.ko[0]}`, `annyeong, naui ${p.a.ko[1]}`],
    zh: (p) => [`再见，我的${p.a.zh[0]}`, `zaijian, wo de ${p.a.zh[1]}`],
    ja: (p) => [`さよなら、私の${p.a.ja[0]}`, `sayonara, watashi no ${p.a.ja[1]}`],
    th: (p) => [`ลาก่อน${p.a.th[0]}ของฉัน`, `la kon ${p.a.th[1]} khong chan`],
    tl: (p) => `Paalam, Aking ${p.a.tl}`,
  },
  dear: {
    name: 'dear', en: (p) => `Dear ${p.a.en}`,
    ko: (p) => [`친애하는 ${p.a.ko[0]}`, `chinaehaneun ${p.a.ko[1]}`],
    zh: (p) => [`亲爱的${p.a.zh[0]}`, `qinai de ${p.a.zh[1]}`],
    ja: (p) => [`親愛なる${p.a.ja[0]}`, `shinai naru ${p.a.ja[1]}`],
    th: (p) => [`ถึง${p.a.th[0]}ที่รัก`, `thueng ${p.a.th[1]} thi rak`],
    tl: (p) => `Mahal Kong ${p.a.tl}`,
  },
  when: {
    name: 'when', en: (p) => `When ${the(p.a)} Meets ${the(p.b)}`,
    ko: (p) => {
      const ca = endsInConsonant(p.a.ko[0]);
      const cb = endsInConsonant(p.b.ko[0]);
      return [
        `${p.a.ko[0]}${ca ? '이' : '가'} ${p.b.ko[0]}${cb ? '을' : '를'} 만날 때`,
        `${p.a.ko[1]}${ca ? 'i' : 'ga'} ${p.b.ko[1]}${cb ? 'eul' : 'reul'} mannal ttae`,
      ];
    },
    zh: (p) => [`当${p.a.zh[0]}遇见${p.b.zh[0]}`, `dang ${p.a.zh[1]} yujian ${p.b.zh[1]}`],
    ja: (p) => [`${p.a.ja[0]}が${p.b.ja[0]}に出会う時`, `${p.a.ja[1]} ga ${p.b.ja[1]} ni deau toki`],
    th: (p) => [`เมื่อ${p.a.th[0]}พบ${p.b.th[0]}`, `muea ${p.a.th[1]} phop ${p.b.th[1]}`],
    tl: (p) => `Nang Makilala ng ${p.a.tl} ang ${p.b.tl}`,
  },
  in: {
    name: 'in', en: (p) => `${The(p.a)} in ${the(p.b)}`,
    ko: (p) => [`${p.b.ko[0]} 속의 ${p.a.ko[0]}`, `${p.b.ko[1]} sogui ${p.a.ko[1]}`],
    zh: (p) => [`${p.b.zh[0]}中的${p.a.zh[0]}`, `${p.b.zh[1]} zhong de ${p.a.zh[1]}`],
    ja: (p) => [`${p.b.ja[0]}の中の${p.a.ja[0]}`, `${p.b.ja[1]} no naka no ${p.a.ja[1]}`],
    th: (p) => [`${p.a.th[0]}ใน${p.b.th[0]}`, `${p.a.th[1]} nai ${p.b.th[1]}`],
    tl: (p) => `${p.a.tl} sa ${p.b.tl}`,
  },
  single: {
    name: 'single', en: (p) => The(p.a),
    ko: (p) => p.a.ko, zh: (p) => p.a.zh, ja: (p) => p.a.ja, th: (p) => p.a.th, tl: (p) => p.a.tl,
  },
  returnOf: {
    name: 'returnOf', en: (p) => `Return of ${the(p.a)}`,
    ko: (p) => [`${p.a.ko[0]}의 귀환`, `${p.a.ko[1]}ui gwihwan`],
    zh: (p) => [`${p.a.zh[0]}归来`, `${p.a.zh[1]} guilai`],
    ja: (p) => [`${p.a.ja[0]}の帰還`, `${p.a.ja[1]} no kikan`],
    th: (p) => [`การกลับมาของ${p.a.th[0]}`, `kan klap ma khong ${p.a.th[1]}`],
    tl: (p) => `Ang Pagbabalik ng ${p.a.tl}`,
  },
  show: {
    name: 'show', en: (p) => `${p.a.en} ${p.show.en}`,
    ko: (p) => [`${p.a.ko[0]} ${p.show.ko[0]}`, `${p.a.ko[1]} ${p.show.ko[1]}`],
    zh: (p) => [`${p.a.zh[0]}${p.show.zh[0]}`, `${p.a.zh[1]} ${p.show.zh[1]}`],
    ja: (p) => [`${p.a.ja[0]}${p.show.ja[0]}`, `${p.a.ja[1]} ${p.show.ja[1]}`],
    th: (p) => [`${p.show.th[0]}${p.a.th[0]}`, `${p.show.th[1]} ${p.a.th[1]}`],
    tl: (p) => `${p.show.tl} ng ${p.a.tl}`,
  },
};
