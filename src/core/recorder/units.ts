// Units, currencies and number values for the specifics extractor (internal to src/core/recorder).
//
// A number becomes a specific with a unit when the unit is on these lists: measurement units,
// currencies, percent, multipliers ("3x") and Chinese/Japanese classifiers. Every alias maps to
// one canonical unit, so "200ms", "200 ms" and "200 milliseconds" all normalize to "200 ms", and
// "3公斤" and "3 kg" to "3 kg". Short units that mean something else in another case ("m", "M",
// "s", "g", "B", "L", "W", "V", "h") are matched case-sensitively; word units ignore case.
// See RULES.md in this folder for the full rules.

export type UnitClass = 'unit' | 'currency' | 'percent' | 'count';

export interface UnitInfo {
  canonical: string;
  unitClass: UnitClass;
}

interface UnitRow {
  canonical: string;
  unitClass: UnitClass;
  /** Matched ignoring case (ASCII words). */
  words?: string[];
  /** Matched exactly as written. */
  exact?: string[];
  /** Only directly after the digits, never after a space ("3x", not "3 x"). */
  attached?: string[];
}

const UNIT_ROWS: UnitRow[] = [
  // time
  { canonical: 'ns', unitClass: 'unit', words: ['ns', 'nanosecond', 'nanoseconds'] },
  {
    canonical: 'µs',
    unitClass: 'unit',
    words: ['µs', 'μs', 'microsecond', 'microseconds'],
    exact: ['us'],
  },
  {
    canonical: 'ms',
    unitClass: 'unit',
    words: ['ms', 'msec', 'msecs', 'millisecond', 'milliseconds', '毫秒'],
  },
  {
    canonical: 's',
    unitClass: 'unit',
    words: ['sec', 'secs', 'second', 'seconds', '秒'],
    exact: ['s'],
  },
  {
    canonical: 'min',
    unitClass: 'unit',
    words: ['min', 'mins', 'minute', 'minutes', '分钟', '分鐘'],
  },
  {
    canonical: 'h',
    unitClass: 'unit',
    words: ['hr', 'hrs', 'hour', 'hours', '小时', '个小时', '個小時', '小時', '時間'],
    exact: ['h'],
  },
  { canonical: 'd', unitClass: 'unit', words: ['day', 'days', '天', '日間'] },
  {
    canonical: 'wk',
    unitClass: 'unit',
    words: ['week', 'weeks', 'wk', 'wks', '周', '星期', '个星期', '個星期', '週間'],
  },
  {
    canonical: 'mo',
    unitClass: 'unit',
    words: ['month', 'months', '个月', '個月', 'ヶ月', 'か月', 'カ月'],
  },
  { canonical: 'yr', unitClass: 'unit', words: ['year', 'years', 'yr', 'yrs', '年'] },
  { canonical: 'yr old', unitClass: 'unit', words: ['years old', 'year old', '岁', '歲', '歳'] },
  // data
  { canonical: 'B', unitClass: 'unit', words: ['byte', 'bytes'], exact: ['B'] },
  { canonical: 'kB', unitClass: 'unit', words: ['kb', 'kilobyte', 'kilobytes'] },
  { canonical: 'MB', unitClass: 'unit', words: ['mb', 'megabyte', 'megabytes'] },
  { canonical: 'GB', unitClass: 'unit', words: ['gb', 'gigabyte', 'gigabytes'] },
  { canonical: 'TB', unitClass: 'unit', words: ['tb', 'terabyte', 'terabytes'] },
  { canonical: 'PB', unitClass: 'unit', words: ['pb', 'petabyte', 'petabytes'] },
  { canonical: 'KiB', unitClass: 'unit', words: ['kib'] },
  { canonical: 'MiB', unitClass: 'unit', words: ['mib'] },
  { canonical: 'GiB', unitClass: 'unit', words: ['gib'] },
  { canonical: 'TiB', unitClass: 'unit', words: ['tib'] },
  { canonical: 'bit', unitClass: 'unit', words: ['bit', 'bits'] },
  { canonical: 'kbps', unitClass: 'unit', words: ['kbps', 'kbit/s'] },
  { canonical: 'kB/s', unitClass: 'unit', words: ['kb/s'] },
  { canonical: 'MB/s', unitClass: 'unit', words: ['mb/s'] },
  { canonical: 'GB/s', unitClass: 'unit', words: ['gb/s'] },
  { canonical: 'Mbps', unitClass: 'unit', words: ['mbps', 'mbit/s'] },
  { canonical: 'Gbps', unitClass: 'unit', words: ['gbps', 'gbit/s'] },
  { canonical: 'tokens', unitClass: 'unit', words: ['token', 'tokens'] },
  // length
  {
    canonical: 'mm',
    unitClass: 'unit',
    words: ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres', '毫米'],
  },
  {
    canonical: 'cm',
    unitClass: 'unit',
    words: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres', '厘米', '公分'],
  },
  {
    canonical: 'm',
    unitClass: 'unit',
    words: ['meter', 'meters', 'metre', 'metres', '米', 'メートル'],
    exact: ['m'],
  },
  {
    canonical: 'km',
    unitClass: 'unit',
    words: ['km', 'kilometer', 'kilometers', 'kilometre', 'kilometres', '公里', '千米', 'キロ'],
  },
  { canonical: 'in', unitClass: 'unit', words: ['inch', 'inches', '英寸'] },
  { canonical: 'ft', unitClass: 'unit', words: ['ft', 'foot', 'feet', '英尺'] },
  { canonical: 'yd', unitClass: 'unit', words: ['yd', 'yard', 'yards'] },
  { canonical: 'mi', unitClass: 'unit', words: ['mi', 'mile', 'miles', '英里'] },
  // mass
  { canonical: 'mg', unitClass: 'unit', words: ['mg', 'milligram', 'milligrams', '毫克'] },
  { canonical: 'g', unitClass: 'unit', words: ['gram', 'grams', '克', 'グラム'], exact: ['g'] },
  {
    canonical: 'kg',
    unitClass: 'unit',
    words: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', '公斤', '千克'],
  },
  { canonical: 'lb', unitClass: 'unit', words: ['lb', 'lbs', 'pound', 'pounds', '磅'] },
  { canonical: 'oz', unitClass: 'unit', words: ['oz', 'ounce', 'ounces'] },
  { canonical: 't', unitClass: 'unit', words: ['ton', 'tons', 'tonne', 'tonnes', '吨'] },
  { canonical: '斤', unitClass: 'unit', words: ['斤'] },
  // volume
  {
    canonical: 'ml',
    unitClass: 'unit',
    words: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', '毫升'],
  },
  {
    canonical: 'L',
    unitClass: 'unit',
    words: ['liter', 'liters', 'litre', 'litres', '升'],
    exact: ['L'],
  },
  { canonical: 'gal', unitClass: 'unit', words: ['gal', 'gallon', 'gallons'] },
  { canonical: 'cups', unitClass: 'unit', words: ['cup', 'cups'] },
  { canonical: 'tbsp', unitClass: 'unit', words: ['tbsp', 'tablespoon', 'tablespoons'] },
  { canonical: 'tsp', unitClass: 'unit', words: ['tsp', 'teaspoon', 'teaspoons'] },
  // temperature, angle
  {
    canonical: '°C',
    unitClass: 'unit',
    words: ['°c', '℃', 'degrees celsius', 'celsius', '摄氏度'],
  },
  {
    canonical: '°F',
    unitClass: 'unit',
    words: ['°f', '℉', 'degrees fahrenheit', 'fahrenheit', '华氏度'],
  },
  { canonical: '°', unitClass: 'unit', words: ['°', 'degree', 'degrees', '度'] },
  // frequency, power, speed, rates
  { canonical: 'Hz', unitClass: 'unit', words: ['hz', 'hertz'] },
  { canonical: 'kHz', unitClass: 'unit', words: ['khz'] },
  { canonical: 'MHz', unitClass: 'unit', words: ['mhz'] },
  { canonical: 'GHz', unitClass: 'unit', words: ['ghz'] },
  { canonical: 'W', unitClass: 'unit', words: ['watt', 'watts'], exact: ['W'] },
  { canonical: 'kW', unitClass: 'unit', words: ['kw', 'kilowatt', 'kilowatts'] },
  { canonical: 'kWh', unitClass: 'unit', words: ['kwh'] },
  { canonical: 'Wh', unitClass: 'unit', exact: ['Wh'] },
  { canonical: 'mAh', unitClass: 'unit', words: ['mah'] },
  { canonical: 'V', unitClass: 'unit', words: ['volt', 'volts'], exact: ['V'] },
  { canonical: 'mph', unitClass: 'unit', words: ['mph'] },
  { canonical: 'km/h', unitClass: 'unit', words: ['km/h', 'kph', 'kmh'] },
  { canonical: 'm/s', unitClass: 'unit', exact: ['m/s'] },
  { canonical: 'fps', unitClass: 'unit', words: ['fps'] },
  { canonical: 'rpm', unitClass: 'unit', words: ['rpm'] },
  { canonical: 'bpm', unitClass: 'unit', words: ['bpm'] },
  { canonical: 'req/s', unitClass: 'unit', words: ['req/s', 'rps', 'qps', 'requests/s'] },
  { canonical: 'px', unitClass: 'unit', words: ['px', 'pixels'] },
  { canonical: 'dpi', unitClass: 'unit', words: ['dpi'] },
  { canonical: 'kcal', unitClass: 'unit', words: ['kcal', 'calorie', 'calories', 'cal'] },
  { canonical: 'x', unitClass: 'unit', words: ['倍'], attached: ['x', '×'] },
  // percent
  { canonical: '%', unitClass: 'percent', words: ['%', 'percent', 'per cent', 'pct'] },
  // currencies written after the number
  {
    canonical: 'usd',
    unitClass: 'currency',
    words: ['usd', 'dollar', 'dollars', 'bucks', '美元', '美金'],
  },
  { canonical: 'eur', unitClass: 'currency', words: ['eur', 'euro', 'euros', '欧元'] },
  { canonical: 'gbp', unitClass: 'currency', words: ['gbp', 'quid', '英镑'] },
  { canonical: 'jpy', unitClass: 'currency', words: ['jpy', 'yen', '日元', '円'] },
  {
    canonical: 'cny',
    unitClass: 'currency',
    words: ['cny', 'rmb', 'yuan', '元', '块', '塊', '人民币'],
  },
  { canonical: 'inr', unitClass: 'currency', words: ['inr', 'rupee', 'rupees'] },
  // Chinese and Japanese classifiers: "5个", "3本"
  {
    canonical: '',
    unitClass: 'count',
    words: [
      '个',
      '個',
      '只',
      '隻',
      '本',
      '次',
      '条',
      '條',
      '件',
      '位',
      '名',
      '张',
      '張',
      '台',
      '辆',
      '輛',
      '套',
      '瓶',
      '杯',
      '碗',
      '双',
      '雙',
      '对',
      '對',
      '份',
      '页',
      '頁',
      '行',
      '篇',
      '首',
      '部',
      '层',
      '層',
      '人',
      '家',
      '门',
      '門',
      '节',
      '節',
      '章',
      '集',
      '遍',
      '趟',
      '场',
      '場',
      '届',
      '点',
      '號',
      '号',
      '楼',
      '樓',
      '间',
      '間',
      '颗',
      '顆',
      '棵',
      '支',
      '封',
      '箱',
      '盒',
      '包',
      '袋',
      '回',
      '枚',
      '冊',
      '匹',
      '歩',
      '步',
    ],
  },
];

/** Currency signs written before the number. */
export const CURRENCY_PREFIXES: readonly [string, string][] = [
  ['US$', 'usd'],
  ['USD', 'usd'],
  ['EUR', 'eur'],
  ['GBP', 'gbp'],
  ['RMB', 'cny'],
  ['CNY', 'cny'],
  ['JPY', 'jpy'],
  ['CHF', 'chf'],
  ['CAD', 'cad'],
  ['AUD', 'aud'],
  ['BRL', 'brl'],
  ['INR', 'inr'],
  ['R$', 'brl'],
  ['A$', 'aud'],
  ['C$', 'cad'],
  ['$', 'usd'],
  ['€', 'eur'],
  ['£', 'gbp'],
  ['¥', '¥'],
  ['￥', '¥'],
  ['₹', 'inr'],
  ['₩', 'krw'],
];

const WORD_UNITS = new Map<string, UnitInfo>();
const EXACT_UNITS = new Map<string, UnitInfo>();
const ATTACHED_UNITS = new Map<string, UnitInfo>();
/** Units that are not Latin ("公斤", "个小时"), by their first character, longest first. */
const CJK_UNITS = new Map<string, [string, UnitInfo][]>();
for (const row of UNIT_ROWS) {
  const info: UnitInfo = { canonical: row.canonical, unitClass: row.unitClass };
  for (const w of row.words ?? []) {
    WORD_UNITS.set(w.toLowerCase(), info);
    if (!/^[\x20-\x7e°µμ℃℉]/.test(w)) {
      const list = CJK_UNITS.get(w[0]!) ?? [];
      list.push([w, info]);
      list.sort((a, b) => b[0].length - a[0].length);
      CJK_UNITS.set(w[0]!, list);
    }
  }
  for (const w of row.exact ?? []) EXACT_UNITS.set(w, info);
  for (const w of row.attached ?? []) ATTACHED_UNITS.set(w, info);
}

export interface UnitMatch extends UnitInfo {
  /** End offset of the unit in the text. */
  end: number;
}

const at_ = (info: UnitInfo, end: number): UnitMatch => ({
  canonical: info.canonical,
  unitClass: info.unitClass,
  end,
});

const isLetter = (code: number): boolean =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
/** Characters a Latin unit is made of: letters, and ° µ μ / (°C, µs, km/h). */
const isUnitChar = (code: number): boolean =>
  isLetter(code) || code === 0xb0 || code === 0xb5 || code === 0x3bc || code === 0x2f;
/** After a unit: not a letter, digit or underscore ("5 min", not "5 minimal" or "5 m2"). */
const endsWord = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return !(isLetter(code) || (code >= 48 && code <= 57) || code === 95);
};

/**
 * The unit at `at` (one space or tab first allowed, except for "x"): looked up in the tables,
 * case-sensitively first ("m", "M", "s", "B"), then ignoring case ("MB", "Minutes"), longest
 * first for Chinese and Japanese units ("个小时" before "个"). Undefined when there is none.
 */
export function matchUnit(text: string, at: number): UnitMatch | undefined {
  let pos = at;
  const spaced = text[pos] === ' ' || text[pos] === '\t';
  if (spaced) pos++;
  const first = text[pos];
  if (first === undefined) return undefined;
  if (first === '%' || first === '℃' || first === '℉') {
    const info = WORD_UNITS.get(first);
    return info ? at_(info, pos + 1) : undefined;
  }
  if (first === '×') {
    const info = ATTACHED_UNITS.get(first);
    return info && !spaced ? at_(info, pos + 1) : undefined;
  }
  if (isUnitChar(text.charCodeAt(pos))) {
    let end = pos;
    while (end < text.length && isUnitChar(text.charCodeAt(end))) end++;
    let slash = pos + 1;
    while (slash < end && text[slash] !== '/') slash++;
    for (const stop of slash < end ? [end, slash] : [end]) {
      if (!endsWord(text, stop)) continue;
      const word = text.slice(pos, stop);
      // Two-word units: "years old", "degrees celsius", "per cent".
      if (text[stop] === ' ') {
        let next = stop + 1;
        while (next < text.length && isLetter(text.charCodeAt(next))) next++;
        const two = WORD_UNITS.get(`${word} ${text.slice(stop + 1, next)}`.toLowerCase());
        if (two && next > stop + 1 && endsWord(text, next)) return at_(two, next);
      }
      const info =
        EXACT_UNITS.get(word) ??
        WORD_UNITS.get(word.toLowerCase()) ??
        (spaced ? undefined : ATTACHED_UNITS.get(word));
      if (info) return at_(info, stop);
    }
    return undefined;
  }
  for (const [unit, info] of CJK_UNITS.get(first) ?? []) {
    if (text.startsWith(unit, pos)) return at_(info, pos + unit.length);
  }
  return undefined;
}

const WORD_MULTIPLIERS: Record<string, number> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};
const ATTACHED_MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  M: 1e6,
  mn: 1e6,
  bn: 1e9,
  B: 1e9,
  千: 1e3,
  万: 1e4,
  萬: 1e4,
  百万: 1e6,
  百萬: 1e6,
  亿: 1e8,
  億: 1e8,
};

/** A multiplier at `at`: "k", "M", "bn", "万", "亿" attached, or " thousand", " million"… */
export function matchMultiplier(
  text: string,
  at: number,
): { factor: number; end: number } | undefined {
  if (text[at] === ' ') {
    let end = at + 1;
    while (end < text.length && isLetter(text.charCodeAt(end))) end++;
    const factor = WORD_MULTIPLIERS[text.slice(at + 1, end).toLowerCase()];
    return factor && endsWord(text, end) ? { factor, end } : undefined;
  }
  for (const length of [2, 1]) {
    const word = text.slice(at, at + length);
    const factor = ATTACHED_MULTIPLIERS[word];
    if (!factor || word.length !== length) continue;
    if (/^[A-Za-z]/.test(word) && !endsWord(text, at + length)) continue;
    return { factor, end: at + length };
  }
  return undefined;
}

/**
 * A number as written ("1,299.00", "0.50", "-3") in a canonical form: no thousands separators,
 * no trailing decimal zeros, the multiplier applied ("128k" -> 128000). Long digit runs that a
 * double cannot hold exactly keep their digits.
 */
export function canonicalNumber(written: string, factor = 1): string {
  if (factor === 1 && /^[1-9]\d{0,14}$/.test(written)) return written;
  let s = written.replace(/[,\s]/g, '').replace('−', '-');
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  let [int = '', frac = ''] = s.split('.');
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  const sign = negative ? '-' : '';
  if (factor === 1 || int.length + frac.length > 15) return sign + (frac ? `${int}.${frac}` : int);
  const value = Number(`${int}.${frac || '0'}`) * factor;
  return sign + String(Number(value.toPrecision(12)));
}
