// Korean and Japanese names: romanised as the drama databases write them (family name first),
// with the native form and the given-name-first variant as an alias.
import type { Random } from './rng.ts';

export interface PersonName {
  /** romanised, as displayed */
  name: string;
  /** in the country's script; null where the script is Latin */
  native: string | null;
  aka: string[];
  /** how the story calls the character ("Ji Won", "Kento") */
  given: string;
}

/** pairs "native|romanised" split once */
const split = (list: string) => list.split(' ').map((p) => p.split('|') as [string, string]);

const KO_FAMILY = split(
  '김|Kim 이|Lee 박|Park 최|Choi 정|Jung 강|Kang 조|Cho 윤|Yoon 장|Jang 임|Lim 한|Han 오|Oh 서|Seo 신|Shin 권|Kwon ' +
    '황|Hwang 안|Ahn 송|Song 전|Jeon 홍|Hong 유|Yoo 고|Go 문|Moon 양|Yang 손|Son 배|Bae 백|Baek 허|Heo 남|Nam 류|Ryu ' +
    '차|Cha 구|Koo 공|Gong 진|Jin',
);
const KO_MALE = split(
  '민|Min 준|Joon 현|Hyun 우|Woo 진|Jin 호|Ho 석|Seok 재|Jae 성|Sung 혁|Hyuk 훈|Hoon 태|Tae 빈|Bin 도|Do 윤|Yoon ' +
    '원|Won 영|Young 기|Ki 수|Soo 형|Hyung 승|Seung 찬|Chan 동|Dong 상|Sang 정|Jung 하|Ha 서|Seo 건|Gun 지|Ji 경|Kyung',
);
const KO_FEMALE = split(
  '지|Ji 민|Min 서|Seo 은|Eun 수|Soo 아|Ah 연|Yeon 희|Hee 혜|Hye 유|Yoo 나|Na 미|Mi 영|Young 진|Jin 하|Ha ' +
    '윤|Yoon 소|So 다|Da 예|Ye 린|Rin 주|Joo 경|Kyung 정|Jung 선|Sun 현|Hyun 채|Chae 빈|Bin 원|Won 인|In 봄|Bom',
);

/** A Korean name: "Kim Ji Won" (김지원), also known as "Ji-won Kim". */
export function composeKoreanName(rng: Random, female: boolean): PersonName {
  const [famK, fam] = rng.pick(KO_FAMILY);
  const pool = female ? KO_FEMALE : KO_MALE;
  const [g1K, g1] = rng.pick(pool);
  let [g2K, g2] = rng.pick(pool);
  if (g2 === g1) [g2K, g2] = rng.pick(pool);
  return {
    name: `${fam} ${g1} ${g2}`,
    native: `${famK}${g1K}${g2K}`,
    aka: [`${g1}-${g2.toLowerCase()} ${fam}`],
    given: `${g1} ${g2}`,
  };
}

const JA_FAMILY = split(
  '佐藤|Sato 鈴木|Suzuki 高橋|Takahashi 田中|Tanaka 渡辺|Watanabe 伊藤|Ito 山本|Yamamoto 中村|Nakamura 小林|Kobayashi ' +
    '加藤|Kato 吉田|Yoshida 山田|Yamada 松本|Matsumoto 井上|Inoue 木村|Kimura 林|Hayashi 斎藤|Saito 清水|Shimizu ' +
    '山口|Yamaguchi 森|Mori 池田|Ikeda 橋本|Hashimoto 石川|Ishikawa 小川|Ogawa 藤田|Fujita 岡田|Okada 後藤|Goto ' +
    '長谷川|Hasegawa 村上|Murakami 近藤|Kondo 坂本|Sakamoto 遠藤|Endo 青木|Aoki 藤井|Fujii 西村|Nishimura 福田|Fukuda ' +
    '三浦|Miura 竹内|Takeuchi 中島|Nakajima 松田|Matsuda 平野|Hirano 菊池|Kikuchi 有村|Arimura 星野|Hoshino 北川|Kitagawa ' +
    '山崎|Yamazaki',
);
const JA_MALE = split(
  '陽翔|Haruto 蓮|Ren 蒼太|Sota 悠斗|Yuto 拓海|Takumi 海斗|Kaito 涼|Ryo 健太|Kenta 瞬|Shun 大輝|Daiki 将暉|Masaki ' +
    '賢人|Kento 翔|Sho 悠希|Yuki 健|Takeru 涼介|Ryosuke 大志|Taishi 和也|Kazuya 聡|Satoshi 浩|Hiroshi 健二|Kenji ' +
    '達也|Tatsuya 佑真|Yuma 隼人|Hayato 翔太|Shota',
);
const JA_FEMALE = split(
  '結衣|Yui 葵|Aoi 遥|Haruka 澪|Mio 桜|Sakura 里奈|Rina 奈々|Nana 環奈|Kanna 芽衣|Mei 花|Hana 愛莉|Airi 由奈|Yuna ' +
    '美咲|Misaki 恵梨香|Erika 里美|Satomi 佳純|Kasumi 麦|Mugi 美波|Minami 鈴|Suzu 光|Hikari 彩花|Ayaka 七海|Nanami ' +
    '愛菜|Mana 莉子|Riko 千尋|Chihiro 恵子|Keiko 洋子|Yoko',
);

/** A Japanese name: "Yamazaki Kento" (山崎賢人), also known as "Kento Yamazaki". */
export function composeJapaneseName(rng: Random, female: boolean): PersonName {
  const [famJ, fam] = rng.pick(JA_FAMILY);
  const [givJ, giv] = rng.pick(female ? JA_FEMALE : JA_MALE);
  return { name: `${fam} ${giv}`, native: `${famJ}${givJ}`, aka: [`${giv} ${fam}`], given: giv };
}
