// Chinese names as each place writes them: pinyin on the mainland ("Zhao Lu Si"), Wade-Giles in
// Taiwan ("Hsu Kuang Han"), an English given name with a Cantonese surname in Hong Kong ("Kenneth Ma")
// and Singapore ("Rebecca Lim"). Native names in simplified or traditional characters.
import { convertToTraditional } from './hanzi.ts';
import type { PersonName } from './names-korean-japanese.ts';
import type { Random } from './rng.ts';

const split = (list: string) => list.split(' ').map((p) => p.split('|') as [string, string]);

const CN_FAMILY = split(
  '王|Wang 李|Li 张|Zhang 刘|Liu 陈|Chen 杨|Yang 赵|Zhao 黄|Huang 周|Zhou 吴|Wu 徐|Xu 孙|Sun 朱|Zhu 马|Ma 胡|Hu ' +
    '郭|Guo 林|Lin 何|He 高|Gao 罗|Luo 郑|Zheng 梁|Liang 谢|Xie 宋|Song 唐|Tang 韩|Han 曹|Cao 邓|Deng 萧|Xiao 田|Tian ' +
    '董|Dong 袁|Yuan 白|Bai 江|Jiang 沈|Shen 叶|Ye 程|Cheng 苏|Su 魏|Wei 卢|Lu 金|Jin 秦|Qin 顾|Gu',
);
const CN_MALE = split(
  '一|Yi 浩|Hao 宇|Yu 杰|Jie 伟|Wei 俊|Jun 明|Ming 涛|Tao 凯|Kai 博|Bo 轩|Xuan 晨|Chen 哲|Zhe 磊|Lei 峰|Feng 阳|Yang ' +
    '龙|Long 宏|Hong 子|Zi 景|Jing 航|Hang 晓|Xiao 瀚|Han 睿|Rui 天|Tian 云|Yun 彬|Bin 然|Ran',
);
const CN_FEMALE = split(
  '丽|Li 娜|Na 婷|Ting 雪|Xue 妍|Yan 静|Jing 露|Lu 思|Si 欣|Xin 悦|Yue 梦|Meng 倩|Qian 佳|Jia 怡|Yi 晓|Xiao 雯|Wen ' +
    '颖|Ying 珊|Shan 兰|Lan 菲|Fei 柔|Rou 芝|Zhi 芸|Yun 敏|Min 慧|Hui 琳|Lin 诗|Shi 丹|Dan',
);

const TW_FAMILY = split(
  '陈|Chen 林|Lin 黄|Huang 张|Chang 李|Lee 王|Wang 吴|Wu 刘|Liu 蔡|Tsai 杨|Yang 许|Hsu 郑|Cheng 谢|Hsieh 郭|Kuo ' +
    '洪|Hung 邱|Chiu 曾|Tseng 廖|Liao 赖|Lai 周|Chou 柯|Ko 叶|Yeh 简|Chien',
);
const TW_MALE = split('光|Kuang 汉|Han 志|Chih 伟|Wei 杰|Chieh 轩|Hsuan 宗|Tsung 明|Ming 仁|Jen 宇|Yu 浩|Hao 廷|Ting 俊|Chun 柏|Po 彦|Yen');
const TW_FEMALE = split('玉|Yu 婷|Ting 欣|Hsin 雅|Ya 琪|Chi 雯|Wen 淑|Shu 慧|Hui 佳|Chia 玲|Ling 怡|Yi 芳|Fang 美|Mei 涵|Han 珍|Chen');

const HK_FAMILY = split(
  '陈|Chan 黄|Wong 李|Lee 张|Cheung 刘|Lau 梁|Leung 何|Ho 吴|Ng 叶|Yip 邓|Tang 曾|Tsang 林|Lam 郭|Kwok 黎|Lai ' +
    '冯|Fung 袁|Yuen 周|Chow 罗|Law 马|Ma 谢|Tse',
);
const SG_FAMILY = split(
  '陈|Tan 林|Lim 李|Lee 黄|Ng 王|Ong 吴|Goh 蔡|Chua 许|Koh 张|Teo 洪|Ang 杨|Yeo 郑|Tay 何|Ho 刘|Low 卓|Toh 沈|Sim 谢|Chia',
);
const CANTONESE_GIVEN = split(
  '国|Kwok 明|Ming 伟|Wai 嘉|Ka 俊|Chun 文|Man 浩|Ho 欣|Yan 咏|Wing 诗|Sze 凯|Hoi 杰|Kit 辉|Fai 乐|Lok 仪|Yee ' +
    '美|Mei 晴|Ching 淑|Shuk 丽|Lai 天|Tin',
);
const EN_MALE = 'Kenneth Moses Kevin Bosco Raymond Vincent Ruco Edwin Desmond Shaun Joel Alex Pierre Romeo Ben Marcus Eric Louis Wayne Jason Mark Terence'.split(' ');
const EN_FEMALE = 'Charmaine Myolie Tavia Nancy Jessica Kristal Priscilla Rebecca Jeanette Zoe Carmen Joanne Elvina Kate Jayley Sisley Rose Grace Chloe Michelle Ivy'.split(' ');

function pickGiven(rng: Random, pool: [string, string][]): [string, string][] {
  const first = rng.pick(pool);
  if (rng.chance(0.2)) return [first];
  let second = rng.pick(pool);
  if (second[1] === first[1]) second = rng.pick(pool);
  return [first, second];
}

/** mainland or Singapore Chinese native name, in pinyin: "Zhao Lu Si", also "Lusi Zhao" */
export function composeMainlandName(rng: Random, female: boolean): PersonName {
  const [famH, fam] = rng.pick(CN_FAMILY);
  const given = pickGiven(rng, female ? CN_FEMALE : CN_MALE);
  const spaced = given.map((g) => g[1]).join(' ');
  const joined = given.map((g) => g[1]).join('').toLowerCase();
  return {
    name: `${fam} ${spaced}`,
    native: famH + given.map((g) => g[0]).join(''),
    aka: [`${joined[0].toUpperCase()}${joined.slice(1)} ${fam}`],
    given: spaced,
  };
}

/** Taiwanese name: "Hsu Kuang Han" (許光漢), sometimes known by an English name ("Greg Hsu") */
export function composeTaiwaneseName(rng: Random, female: boolean): PersonName {
  const [famH, fam] = rng.pick(TW_FAMILY);
  const given = pickGiven(rng, female ? TW_FEMALE : TW_MALE);
  const spaced = given.map((g) => g[1]).join(' ');
  const aka = rng.chance(0.5) ? [`${rng.pick(female ? EN_FEMALE : EN_MALE)} ${fam}`] : [];
  return {
    name: `${fam} ${spaced}`,
    native: convertToTraditional(famH + given.map((g) => g[0]).join('')),
    aka,
    given: spaced,
  };
}

/** Hong Kong or Singapore name: an English given name and the family name ("Kenneth Ma") */
export function composeCantoneseName(rng: Random, female: boolean, place: 'hk' | 'sg'): PersonName {
  const [famH, fam] = rng.pick(place === 'hk' ? HK_FAMILY : SG_FAMILY);
  const given = pickGiven(rng, CANTONESE_GIVEN);
  const english = rng.pick(female ? EN_FEMALE : EN_MALE);
  const hanzi = famH + given.map((g) => g[0]).join('');
  return {
    name: `${english} ${fam}`,
    native: place === 'hk' ? convertToTraditional(hanzi) : hanzi,
    aka: [`${fam} ${given.map((g) => g[1]).join(' ')}`],
    given: english,
  };
}
