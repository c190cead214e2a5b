// Words that titles are built from, each with its native forms and romanisations, so that a drama's
// English, native and romanised titles say the same thing: "Secret of the Moon" / 달의 비밀 / Dalui Bimil.
// Columns: English, takes "the", Korean|romanised, Chinese (simplified)|pinyin, Japanese|romaji,
// Thai|RTGS, Tagalog, moods (r romance, d dark, h historical, f fantasy, b bright, w work, a action),
// s for nouns that work as a setting ("... of the Palace", "... in the Rain"), o for what such a
// setting can hold ("The Secret ...", "The Ghost ...").

import type { Mood } from './taxonomy.ts';

export interface Word {
  en: string;
  /** whether English puts "the" before it ("the Moon", but "Love") */
  the: boolean;
  ko: readonly [string, string];
  zh: readonly [string, string];
  ja: readonly [string, string];
  th: readonly [string, string];
  tl: string;
  /** reads well after "of" / "in" */
  setting: boolean;
  /** reads well before "of" / "in" */
  owner: boolean;
}

type Row = readonly [string, 0 | 1, string, string, string, string, string, string];

const NOUNS: readonly Row[] = [
  ['Love', 0, '사랑|sarang', '爱情|aiqing', '恋|koi', 'ความรัก|khwam rak', 'Pag-ibig', 'rbso'],
  ['Heart', 1, '마음|maeum', '心|xin', '心|kokoro', 'หัวใจ|hua chai', 'Puso', 'rbso'],
  ['Moon', 1, '달|dal', '月亮|yueliang', '月|tsuki', 'พระจันทร์|phrachan', 'Buwan', 'rfhso'],
  ['Star', 1, '별|byeol', '星星|xingxing', '星|hoshi', 'ดวงดาว|duang dao', 'Bituin', 'rfbso'],
  ['Sky', 1, '하늘|haneul', '天空|tiankong', '空|sora', 'ท้องฟ้า|thong fa', 'Langit', 'rbfs'],
  ['Sea', 1, '바다|bada', '大海|dahai', '海|umi', 'ทะเล|thale', 'Dagat', 'rbs'],
  ['Flower', 1, '꽃|kkot', '花|hua', '花|hana', 'ดอกไม้|dok mai', 'Bulaklak', 'rhbso'],
  ['Night', 1, '밤|bam', '夜|ye', '夜|yoru', 'ค่ำคืน|kham khuen', 'Gabi', 'drs'],
  ['Dream', 1, '꿈|kkum', '梦|meng', '夢|yume', 'ความฝัน|khwam fan', 'Pangarap', 'rbfso'],
  ['Secret', 1, '비밀|bimil', '秘密|mimi', '秘密|himitsu', 'ความลับ|khwam lap', 'Lihim', 'rdwo'],
  ['Promise', 1, '약속|yaksok', '约定|yueding', '約束|yakusoku', 'คำสัญญา|kham sanya', 'Pangako', 'ro'],
  ['Destiny', 0, '운명|unmyeong', '命运|mingyun', '運命|unmei', 'พรหมลิขิต|phrom likhit', 'Tadhana', 'rfhs'],
  ['King', 1, '왕|wang', '王|wang', '王|ou', 'กษัตริย์|kasat', 'Hari', 'ho'],
  ['Queen', 1, '왕비|wangbi', '王后|wanghou', '王妃|ouhi', 'ราชินี|rachini', 'Reyna', 'hro'],
  ['Prince', 1, '왕자|wangja', '王子|wangzi', '王子|ouji', 'เจ้าชาย|chao chai', 'Prinsipe', 'hrfo'],
  ['Palace', 1, '궁|gung', '宫|gong', '宮殿|kyuuden', 'วัง|wang', 'Palasyo', 'hs'],
  ['Sword', 1, '검|geom', '剑|jian', '剣|tsurugi', 'ดาบ|dap', 'Espada', 'hao'],
  ['Empire', 1, '제국|jeguk', '帝国|diguo', '帝国|teikoku', 'จักรวรรดิ|chakkrawat', 'Imperyo', 'hwas'],
  ['General', 1, '장군|janggun', '将军|jiangjun', '将軍|shougun', 'แม่ทัพ|mae thap', 'Heneral', 'hao'],
  ['Throne', 1, '왕좌|wangjwa', '王座|wangzuo', '玉座|gyokuza', 'บัลลังก์|banlang', 'Trono', 'hso'],
  ['Shadow', 1, '그림자|geurimja', '影子|yingzi', '影|kage', 'เงา|ngao', 'Anino', 'daso'],
  ['Truth', 1, '진실|jinsil', '真相|zhenxiang', '真実|shinjitsu', 'ความจริง|khwam ching', 'Katotohanan', 'dwso'],
  ['Lie', 1, '거짓말|geojinmal', '谎言|huangyan', '嘘|uso', 'คำโกหก|kham kohok', 'Kasinungalingan', 'dro'],
  ['Blood', 0, '피|pi', '血|xue', '血|chi', 'เลือด|lueat', 'Dugo', 'daso'],
  ['Witness', 1, '목격자|mokgyeokja', '证人|zhengren', '目撃者|mokugekisha', 'พยาน|phayan', 'Saksi', 'do'],
  ['Hunter', 1, '사냥꾼|sanyangkkun', '猎人|lieren', '狩人|karyuudo', 'นักล่า|nak la', 'Mangangaso', 'dao'],
  ['Mask', 1, '가면|gamyeon', '面具|mianju', '仮面|kamen', 'หน้ากาก|na kak', 'Maskara', 'dao'],
  ['Silence', 0, '침묵|chimmuk', '沉默|chenmo', '沈黙|chinmoku', 'ความเงียบ|khwam ngiap', 'Katahimikan', 'dso'],
  ['Justice', 0, '정의|jeongui', '正义|zhengyi', '正義|seigi', 'ความยุติธรรม|khwam yutitham', 'Katarungan', 'wads'],
  ['Verdict', 1, '판결|pangyeol', '判决|panjue', '判決|hanketsu', 'คำพิพากษา|kham phiphaksa', 'Hatol', 'w'],
  ['Doctor', 1, '의사|uisa', '医生|yisheng', '医師|ishi', 'หมอ|mo', 'Doktor', 'wo'],
  ['Lawyer', 1, '변호사|byeonhosa', '律师|lushi', '弁護士|bengoshi', 'ทนาย|thanai', 'Abogado', 'w'],
  ['Boss', 1, '사장님|sajangnim', '总裁|zongcai', '社長|shachou', 'เจ้านาย|chao nai', 'Amo', 'wr'],
  ['Company', 1, '회사|hoesa', '公司|gongsi', '会社|kaisha', 'บริษัท|borisat', 'Kompanya', 'ws'],
  ['City', 1, '도시|dosi', '城市|chengshi', '街|machi', 'เมือง|mueang', 'Lungsod', 'dwbs'],
  ['School', 1, '학교|hakgyo', '学校|xuexiao', '学校|gakkou', 'โรงเรียน|rongrian', 'Paaralan', 'bs'],
  ['Summer', 0, '여름|yeoreum', '夏天|xiatian', '夏|natsu', 'ฤดูร้อน|ruedu ron', 'Tag-araw', 'rbs'],
  ['Spring', 0, '봄|bom', '春天|chuntian', '春|haru', 'ฤดูใบไม้ผลิ|ruedu bai mai phli', 'Tagsibol', 'rbs'],
  ['Winter', 0, '겨울|gyeoul', '冬天|dongtian', '冬|fuyu', 'ฤดูหนาว|ruedu nao', 'Taglamig', 'rs'],
  ['Rain', 1, '비|bi', '雨|yu', '雨|ame', 'สายฝน|sai fon', 'Ulan', 'rds'],
  ['Snow', 1, '눈|nun', '雪|xue', '雪|yuki', 'หิมะ|hima', 'Niyebe', 'rs'],
  ['Memory', 1, '기억|gieok', '记忆|jiyi', '記憶|kioku', 'ความทรงจำ|khwam song cham', 'Alaala', 'rdo'],
  ['Time', 0, '시간|sigan', '时光|shiguang', '時間|jikan', 'เวลา|wela', 'Panahon', 'rfs'],
  ['Wind', 1, '바람|baram', '风|feng', '風|kaze', 'สายลม|sai lom', 'Hangin', 'hrso'],
  ['Fire', 0, '불꽃|bulkkot', '烈火|liehuo', '炎|honoo', 'เปลวไฟ|pleo fai', 'Apoy', 'afs'],
  ['Family', 1, '가족|gajok', '家|jia', '家族|kazoku', 'ครอบครัว|khrop khrua', 'Pamilya', 'bs'],
  ['Home', 0, '집|jip', '家园|jiayuan', '家|ie', 'บ้าน|ban', 'Tahanan', 'bs'],
  ['Mother', 0, '엄마|eomma', '妈妈|mama', '母|haha', 'แม่|mae', 'Ina', 'b'],
  ['Friend', 1, '친구|chingu', '朋友|pengyou', '友達|tomodachi', 'เพื่อน|phuean', 'Kaibigan', 'b'],
  ['Song', 1, '노래|norae', '歌|ge', '歌|uta', 'เพลง|phleng', 'Awit', 'bro'],
  ['Stage', 1, '무대|mudae', '舞台|wutai', '舞台|butai', 'เวที|wethi', 'Entablado', 'b'],
  ['Game', 1, '게임|geim', '游戏|youxi', 'ゲーム|geemu', 'เกม|kem', 'Laro', 'ado'],
  ['Kiss', 1, '키스|kiseu', '吻|wen', 'キス|kisu', 'จูบ|chup', 'Halik', 'ro'],
  ['Wedding', 1, '결혼|gyeolhon', '婚礼|hunli', '結婚|kekkon', 'งานแต่ง|ngan taeng', 'Kasal', 'rb'],
  ['Tears', 0, '눈물|nunmul', '眼泪|yanlei', '涙|namida', 'น้ำตา|nam ta', 'Luha', 'rso'],
  ['Angel', 1, '천사|cheonsa', '天使|tianshi', '天使|tenshi', 'นางฟ้า|nang fa', 'Anghel', 'fro'],
  ['Ghost', 1, '귀신|gwisin', '鬼|gui', '幽霊|yuurei', 'ผี|phi', 'Multo', 'dfo'],
  ['Fox', 1, '여우|yeou', '狐|hu', '狐|kitsune', 'จิ้งจอก|chingchok', 'Soro', 'fo'],
  ['Dragon', 1, '용|yong', '龙|long', '竜|ryuu', 'มังกร|mangkon', 'Dragon', 'fho'],
  ['Phoenix', 1, '봉황|bonghwang', '凤凰|fenghuang', '鳳凰|houou', 'หงส์|hong', 'Ibong Apoy', 'fho'],
  ['Heavens', 1, '천상|cheonsang', '天界|tianjie', '天界|tenkai', 'สวรรค์|sawan', 'Kalangitan', 'fs'],
  ['Legend', 1, '전설|jeonseol', '传说|chuanshuo', '伝説|densetsu', 'ตำนาน|tamnan', 'Alamat', 'fhaso'],
  ['Spirit', 1, '영혼|yeonghon', '灵魂|linghun', '魂|tamashii', 'วิญญาณ|winyan', 'Kaluluwa', 'fdo'],
  ['Kitchen', 1, '주방|jubang', '厨房|chufang', '台所|daidokoro', 'ครัว|khrua', 'Kusina', 'bs'],
  ['Road', 1, '길|gil', '路|lu', '道|michi', 'เส้นทาง|sen thang', 'Daan', 'ras'],
  ['Light', 1, '빛|bit', '光|guang', '光|hikari', 'แสง|saeng', 'Liwanag', 'rfso'],
  ['Sun', 1, '태양|taeyang', '太阳|taiyang', '太陽|taiyou', 'ดวงอาทิตย์|duang athit', 'Araw', 'rabs'],
  ['Girl', 1, '소녀|sonyeo', '少女|shaonu', '少女|shoujo', 'เด็กสาว|dek sao', 'Dalaga', 'brfo'],
  ['Boy', 1, '소년|sonyeon', '少年|shaonian', '少年|shounen', 'เด็กหนุ่ม|dek num', 'Binata', 'bo'],
  ['Team', 1, '팀|tim', '战队|zhandui', 'チーム|chiimu', 'ทีม|thim', 'Koponan', 'a'],
  ['Hospital', 1, '병원|byeongwon', '医院|yiyuan', '病院|byouin', 'โรงพยาบาล|rongphayaban', 'Ospital', 'ws'],
  ['Detective', 1, '형사|hyeongsa', '神探|shentan', '刑事|keiji', 'นักสืบ|nak suep', 'Detektib', 'dwo'],
  ['Devil', 1, '악마|angma', '恶魔|emo', '悪魔|akuma', 'ปีศาจ|pisat', 'Demonyo', 'dfo'],
];

const ADJECTIVES: readonly Row[] = [
  ['Eternal', 0, '영원한|yeongwonhan', '永恒的|yongheng de', '永遠の|eien no', 'นิรันดร์|niran', 'Walang Hanggang', 'rfh'],
  ['Hidden', 0, '숨겨진|sumgyeojin', '隐秘的|yinmi de', '隠された|kakusareta', 'ที่ซ่อนอยู่|thi son yu', 'Nakatagong', 'dhf'],
  ['Crimson', 0, '붉은|bulgeun', '红色|hongse', '紅の|kurenai no', 'สีชาด|si chat', 'Pulang', 'hda'],
  ['Midnight', 0, '한밤의|hanbamui', '午夜|wuye', '真夜中の|mayonaka no', 'เที่ยงคืน|thiang khuen', 'Hatinggabing', 'dr'],
  ['Golden', 0, '황금|hwanggeum', '黄金|huangjin', '黄金の|ougon no', 'สีทอง|si thong', 'Gintong', 'hbw'],
  ['Silent', 0, '조용한|joyonghan', '寂静的|jijing de', '静かな|shizuka na', 'เงียบงัน|ngiap ngan', 'Tahimik na', 'd'],
  ['Lovely', 0, '사랑스러운|sarangseureoun', '可爱的|keai de', '愛しい|itoshii', 'แสนรัก|saen rak', 'Kaibig-ibig na', 'rb'],
  ['Last', 1, '마지막|majimak', '最后的|zuihou de', '最後の|saigo no', 'สุดท้าย|sut thai', 'Huling', 'rdah'],
  ['First', 1, '첫|cheot', '最初的|zuichu de', '最初の|saisho no', 'แรก|raek', 'Unang', 'rb'],
  ['Beautiful', 0, '아름다운|areumdaun', '美丽的|meili de', '美しい|utsukushii', 'งดงาม|ngot ngam', 'Magandang', 'rbh'],
  ['Wild', 0, '거친|geochin', '野性的|yexing de', '野生の|yasei no', 'ป่าเถื่อน|pa thuean', 'Mabangis na', 'a'],
  ['Lost', 0, '잃어버린|ireobeorin', '失落的|shiluo de', '失われた|ushinawareta', 'ที่หายไป|thi hai pai', 'Nawawalang', 'rdf'],
  ['Broken', 0, '부서진|buseojin', '破碎的|posui de', '壊れた|kowareta', 'ที่แตกสลาย|thi taek salai', 'Wasak na', 'rd'],
  ['Sweet', 0, '달콤한|dalkomhan', '甜蜜的|tianmi de', '甘い|amai', 'แสนหวาน|saen wan', 'Matamis na', 'rb'],
  ['Perfect', 0, '완벽한|wanbyeokhan', '完美的|wanmei de', '完璧な|kanpeki na', 'ที่สมบูรณ์แบบ|thi sombun baep', 'Perpektong', 'rwb'],
  ['Dangerous', 0, '위험한|wiheomhan', '危险的|weixian de', '危険な|kiken na', 'อันตราย|antarai', 'Mapanganib na', 'dar'],
  ['Blue', 0, '푸른|pureun', '蔚蓝的|weilan de', '青い|aoi', 'สีคราม|si khram', 'Bughaw na', 'rb'],
  ['Endless', 0, '끝없는|kkeuteomneun', '无尽的|wujin de', '果てしない|hateshinai', 'ไม่สิ้นสุด|mai sin sut', 'Walang Katapusang', 'rf'],
];

const MOOD_LETTERS: Record<string, Mood> = {
  r: 'romance', d: 'dark', h: 'historical', f: 'fantasy', b: 'bright', w: 'work', a: 'action',
};

function parseRow(row: Row): Word & { moods: Mood[] } {
  const [en, the, ko, zh, ja, th, tl, moods] = row;
  const pair = (s: string) => s.split('|') as [string, string];
  return {
    en, the: the === 1, ko: pair(ko), zh: pair(zh), ja: pair(ja), th: pair(th), tl,
    setting: moods.includes('s'),
    owner: moods.includes('o'),
    moods: [...moods].filter((m) => m in MOOD_LETTERS).map((m) => MOOD_LETTERS[m]),
  };
}

export const TITLE_NOUNS = NOUNS.map(parseRow);
export const TITLE_ADJECTIVES = ADJECTIVES.map(parseRow);

const wordsByMood = new Map<Mood, ReturnType<typeof collectWordsForMood>>();

/** the nouns and adjectives that suit a mood (variety shows borrow the bright ones) */
export function listWordsForMood(mood: Mood) {
  let words = wordsByMood.get(mood);
  if (!words) wordsByMood.set(mood, (words = collectWordsForMood(mood)));
  return words;
}

function collectWordsForMood(mood: Mood) {
  const want: Mood = mood === 'show' ? 'bright' : mood;
  const nouns = TITLE_NOUNS.filter((w) => w.moods.includes(want));
  const settings = nouns.filter((w) => w.setting);
  const owners = nouns.filter((w) => w.owner);
  return {
    nouns,
    owners: owners.length >= 3 ? owners : TITLE_NOUNS.filter((w) => w.owner),
    settings: settings.length >= 3 ? settings : TITLE_NOUNS.filter((w) => w.setting),
    adjectives: TITLE_ADJECTIVES.filter((w) => w.moods.includes(want)),
  };
}
