// Taiwan and Hong Kong write traditional characters. The generator composes Chinese text in
// simplified characters and converts it with this table, which covers every character it uses.

const PAIRS =
  '爱愛约約运運剑劍国國将將军軍谎謊证證猎獵义義决決医醫师師总總学學记記忆憶时時风風园園妈媽戏戲游遊礼禮' +
  '泪淚龙龍凤鳳传傳说說灵靈厨廚阳陽战戰队隊恶惡隐隱红紅黄黃静靜后後丽麗险險蓝藍无無尽盡见見亲親与與归歸' +
  '恒恆梦夢华華长長门門伟偉杰傑凯凱晓曉颖穎宁寧欢歡乐樂丝絲诗詩刘劉陈陳杨楊赵趙吴吳孙孫马馬罗羅郑鄭谢謝' +
  '韩韓邓鄧萧蕭叶葉苏蘇卢盧顾顧张張许許赖賴简簡兰蘭涛濤轩軒云雲辉輝仪儀咏詠汉漢当當纪紀场場爷爺东東车車' +
  '书書乡鄉岁歲恋戀钟鐘铃鈴难難';

const TO_TRADITIONAL = new Map<string, string>();
for (let i = 0; i < PAIRS.length; i += 2) TO_TRADITIONAL.set(PAIRS[i], PAIRS[i + 1]);

/** Simplified Chinese text in traditional characters (characters outside the table stay as they are). */
export function convertToTraditional(text: string): string {
  let out = '';
  for (const ch of text) out += TO_TRADITIONAL.get(ch) ?? ch;
  return out;
}
