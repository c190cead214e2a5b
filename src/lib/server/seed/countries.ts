// What differs by country in the demo catalogue: share, script, networks, typical episode counts,
// episode length, air days and birthplaces. Figures follow the usual shape of each industry.

/** the writing system of native titles and names */
export type Script = 'ko' | 'zh' | 'zh-Hant' | 'ja' | 'th' | 'tl';

type Weighted<T> = readonly (readonly [T, number])[];

export interface CountryProfile {
  name: string;
  /** adjective form stored in people.nationality */
  nationality: string;
  weight: number;
  script: Script;
  networks: Weighted<string>;
  /** episode counts of a series */
  episodes: Weighted<number>;
  /** minutes per episode of a series */
  duration: readonly [number, number];
  /** air days of a series, Monday = 1 ... Sunday = 7 */
  airDays: Weighted<readonly number[]>;
  cities: readonly string[];
}

/** services that usually release a whole season on one day */
export const STREAMING_DROPS = new Set(['Netflix', 'Disney+', 'Coupang Play', 'Amazon Prime Video']);

export const COUNTRIES: readonly CountryProfile[] = [
  {
    name: 'South Korea', nationality: 'South Korean', weight: 38, script: 'ko',
    networks: [['tvN', 14], ['JTBC', 10], ['SBS', 11], ['MBC', 10], ['KBS2', 10], ['KBS1', 3], ['ENA', 4], ['OCN', 3],
      ['MBN', 2], ['TV Chosun', 2], ['Channel A', 1], ['Netflix', 9], ['Disney+', 3], ['Coupang Play', 2], ['TVING', 3], ['Wavve', 2]],
    episodes: [[16, 40], [12, 14], [10, 6], [8, 6], [20, 5], [24, 3], [32, 4], [50, 4], [6, 2]],
    duration: [58, 75],
    airDays: [[[1, 2], 3], [[3, 4], 3], [[5, 6], 2], [[6, 7], 3], [[6], 1]],
    cities: ['Seoul', 'Busan', 'Incheon', 'Daegu', 'Gwangju', 'Daejeon', 'Suwon', 'Jeonju', 'Jeju', 'Ulsan', 'Gangneung'],
  },
  {
    name: 'China', nationality: 'Chinese', weight: 25, script: 'zh',
    networks: [['iQiyi', 16], ['Youku', 13], ['Tencent Video', 16], ['Mango TV', 8], ['Hunan TV', 8], ['Zhejiang TV', 5],
      ['Dragon TV', 5], ['Jiangsu TV', 5], ['CCTV-8', 4], ['Bilibili', 2]],
    episodes: [[24, 12], [30, 10], [36, 14], [40, 14], [45, 6], [50, 5], [56, 3], [12, 4], [16, 4], [20, 4]],
    duration: [40, 48],
    airDays: [[[1, 2, 3, 4], 5], [[1, 2, 3, 4, 5], 3], [[1, 2, 3, 4, 5, 6, 7], 2], [[4, 5, 6], 2]],
    cities: ['Beijing', 'Shanghai', 'Chengdu', 'Hangzhou', 'Nanjing', 'Chongqing', 'Wuhan', "Xi'an", 'Harbin', 'Changsha', 'Qingdao', 'Xiamen'],
  },
  {
    name: 'Japan', nationality: 'Japanese', weight: 15, script: 'ja',
    networks: [['Fuji TV', 14], ['TBS', 14], ['NHK', 12], ['TV Asahi', 12], ['Nippon TV', 13], ['TV Tokyo', 8], ['WOWOW', 4],
      ['Netflix', 4], ['Hulu', 2], ['ABEMA', 2]],
    episodes: [[10, 30], [11, 20], [9, 10], [8, 10], [12, 8], [6, 4], [5, 3]],
    duration: [45, 54],
    airDays: [[[1], 2], [[2], 2], [[3], 2], [[4], 3], [[5], 3], [[6], 2], [[7], 3]],
    cities: ['Tokyo', 'Osaka', 'Kyoto', 'Yokohama', 'Sapporo', 'Fukuoka', 'Nagoya', 'Kobe', 'Sendai', 'Hiroshima', 'Okinawa'],
  },
  {
    name: 'Thailand', nationality: 'Thai', weight: 9, script: 'th',
    networks: [['GMM 25', 14], ['one31', 10], ['Channel 3', 12], ['Channel 7', 6], ['Workpoint TV', 4], ['Amarin TV', 3],
      ['WeTV', 5], ['Viu', 4], ['Netflix', 3], ['iQiyi', 3]],
    episodes: [[12, 20], [10, 8], [13, 8], [14, 8], [8, 6], [16, 4], [18, 3]],
    duration: [48, 65],
    airDays: [[[5], 5], [[6], 4], [[7], 3], [[3, 4], 2], [[6, 7], 2]],
    cities: ['Bangkok', 'Chiang Mai', 'Phuket', 'Khon Kaen', 'Nakhon Ratchasima', 'Hat Yai', 'Pattaya', 'Udon Thani'],
  },
  {
    name: 'Taiwan', nationality: 'Taiwanese', weight: 7, script: 'zh-Hant',
    networks: [['CTV', 8], ['TTV', 8], ['CTS', 5], ['SET Metro', 7], ['SET Taiwan', 4], ['FTV', 6], ['GTV', 5], ['EBC', 4],
      ['Netflix', 4], ['LINE TV', 3], ['friDay Video', 2]],
    episodes: [[13, 10], [15, 8], [20, 8], [10, 6], [12, 6], [24, 4], [8, 3]],
    duration: [60, 90],
    airDays: [[[7], 6], [[6], 4], [[5], 2], [[1, 2, 3, 4, 5], 1]],
    cities: ['Taipei', 'Kaohsiung', 'Taichung', 'Tainan', 'Hsinchu', 'Keelung', 'Taoyuan', 'Hualien'],
  },
  {
    name: 'Hong Kong', nationality: 'Hong Konger', weight: 3, script: 'zh-Hant',
    networks: [['TVB Jade', 10], ['ViuTV', 4], ['myTV SUPER', 2], ['Netflix', 1]],
    episodes: [[20, 10], [25, 8], [30, 8], [28, 4], [15, 3]],
    duration: [42, 46],
    airDays: [[[1, 2, 3, 4, 5], 8], [[1, 2, 3, 4, 5, 6, 7], 2]],
    cities: ['Hong Kong', 'Kowloon', 'Sha Tin', 'Tsuen Wan', 'Sai Kung'],
  },
  {
    name: 'Philippines', nationality: 'Filipino', weight: 2, script: 'tl',
    networks: [['GMA Network', 8], ['ABS-CBN', 6], ['Kapamilya Channel', 4], ['TV5', 3], ['iWantTFC', 2], ['Netflix', 2]],
    episodes: [[40, 5], [60, 5], [30, 3], [20, 3], [12, 2]],
    duration: [30, 45],
    airDays: [[[1, 2, 3, 4, 5], 10], [[7], 2]],
    cities: ['Manila', 'Quezon City', 'Cebu City', 'Davao City', 'Makati', 'Pasig', 'Baguio', 'Iloilo City'],
  },
  {
    name: 'Singapore', nationality: 'Singaporean', weight: 1, script: 'zh',
    networks: [['Mediacorp Channel 8', 8], ['Mediacorp Channel 5', 3], ['meWATCH', 2]],
    episodes: [[20, 6], [30, 4], [25, 3], [10, 2]],
    duration: [42, 46],
    airDays: [[[1, 2, 3, 4, 5], 10]],
    cities: ['Singapore', 'Jurong', 'Tampines', 'Woodlands', 'Ang Mo Kio'],
  },
];

export const COUNTRY_WEIGHTS = COUNTRIES.map((c, i) => [i, c.weight] as const);

export const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
