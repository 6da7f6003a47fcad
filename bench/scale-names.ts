/**
 * Names for bench/seed-scale.ts as trekkers write them (issue 28 item 2, issue 30 item 1): each
 * nationality writes in its own script, and names follow a long tail. A few names are common
 * (the head of each pool: Smith, 王, 김, शर्मा…) and most are rare (the generated tail), as in
 * any real population; the seed picks index ⌊n·u²⌋ for a uniform u, so the first name of a pool
 * of n is chosen with probability about 1/√n.
 *
 * Deterministic: the same pools on every run (a seeded generator), so figures compare.
 */

export interface NamePool {
  /** 1-based group number, stored in the seed's helper tables. */
  group: number;
  script: string;
  /** Given names and family names, the common ones first. */
  given: string[];
  family: string[];
  /** Family name first, no space (Chinese, Japanese, Korean), or "Given Family". */
  familyFirst: boolean;
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `head` then generated names from the parts until there are `size` distinct names. */
function pool(head: string[], size: number, seed: number, make: (pick: <T>(xs: readonly T[]) => T) => string): string[] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const out = new Set(head);
  for (let tries = 0; out.size < size && tries < size * 50; tries++) out.add(make(pick));
  return [...out];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const LATIN_ON = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "br", "ch", "gr", "kr", "st", "sch", "tr", "fl", "bl"];
const LATIN_V = ["a", "e", "i", "o", "u", "ei", "ie", "ou", "ä", "ö", "ü", "é", "au", "ea"];
const LATIN_CODA = ["n", "r", "l", "s", "t", "ck", "ng", "rt", "ll", "rs", "nd", "", "", "m"];
const LATIN_END = ["son", "er", "mann", "ez", "ini", "sen", "berg", "ton", "ley", "ard", "elli", "ov", "ski", "ier", "ens", ""];
const LATIN_GIVEN_END = ["a", "o", "e", "ie", "an", "el", "ine", "is", "as", "us", "ette", "ia", ""];

const DEVA_C = ["क", "ख", "ग", "घ", "च", "ज", "ट", "ड", "त", "थ", "द", "ध", "न", "प", "ब", "भ", "म", "य", "र", "ल", "व", "श", "स", "ह"];
const DEVA_V = ["", "ा", "ि", "ी", "ु", "े", "ो", "ं"];
const CYR_ON = ["б", "в", "г", "д", "ж", "з", "к", "л", "м", "н", "п", "р", "с", "т", "ф", "х", "ч", "ш"];
const CYR_V = ["а", "е", "и", "о", "у", "я", "ю"];
const GREEK_ON = ["Β", "Γ", "Δ", "Κ", "Λ", "Μ", "Ν", "Π", "Ρ", "Σ", "Τ", "Φ", "Χ"];
const GREEK_SYL = ["α", "ε", "ι", "ο", "ου", "ά", "έ", "ί", "ό", "πα", "κο", "λα", "νι", "ρο", "στα", "θε", "μα"];
const THAI_C = ["ก", "ข", "ค", "ง", "จ", "ช", "ด", "ต", "ท", "น", "บ", "ป", "พ", "ม", "ย", "ร", "ล", "ว", "ส", "ห"];
const THAI_V = ["", "า", "ิ", "ี", "ุ", "ู", "ั"];
const HEB = ["א", "ב", "ג", "ד", "ה", "ו", "ז", "ח", "ט", "י", "כ", "ל", "מ", "נ", "ס", "ע", "פ", "צ", "ק", "ר", "ש", "ת"];
const ARAB = ["ب", "ت", "ج", "ح", "د", "ر", "ز", "س", "ش", "ص", "ع", "ف", "ق", "ك", "ل", "م", "ن", "ه", "و", "ي"];
const ARAB_V = ["ا", "ي", "و", ""];
const HAN_FAMILY =
  "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤".split(
    "",
  );
const HAN_GIVEN =
  "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红鹏辉建国云飞晓雪梅琳宇浩然子轩欣怡思雨佳琪博文天宁志安嘉颖诗涵梓萱一诺俊杰雅婷晨阳".split("");
const JA_FAMILY = [
  "佐藤",
  "鈴木",
  "高橋",
  "田中",
  "伊藤",
  "渡辺",
  "山本",
  "中村",
  "小林",
  "加藤",
  "吉田",
  "山田",
  "佐々木",
  "山口",
  "松本",
  "井上",
  "木村",
  "林",
  "斎藤",
  "清水",
];
const JA_PARTS = "山川田中村木本井上下小大高松林森石原野宮藤岡島崎".split("");
const JA_GIVEN = [
  "さくら",
  "はると",
  "ゆい",
  "そうた",
  "ひなた",
  "めい",
  "翔太",
  "陽菜",
  "結衣",
  "蓮",
  "大翔",
  "葵",
  "ゆうき",
  "あおい",
  "けんじ",
  "みさき",
  "ユウタ",
  "ハナ",
];
const KO_FAMILY = "김이박최정강조윤장임한오서신권황안송류홍".split("");
const KO_SYL = "민서지현준우도윤하은수빈예진성영혜원재호태경미소유나연희상훈동철".split("");

/** The pools, by script. */
export function namePools(): NamePool[] {
  return [
    {
      group: 1,
      script: "Latin",
      familyFirst: false,
      given: pool(
        ["Anna", "Sophie", "Liam", "Emma", "Noah", "Lucas", "Zoë", "José", "Marie", "Thomas", "Laura", "David", "Chloé", "Sven", "Inès", "Mateo"],
        900,
        11,
        (p) => cap(p(LATIN_ON) + p(LATIN_V) + p(LATIN_CODA) + p(LATIN_GIVEN_END)),
      ),
      family: pool(
        ["Smith", "Müller", "García", "Martin", "Brown", "Keller", "Dubois", "Rossi", "Jensen", "Novak", "O'Brien", "Núñez", "Fischer", "van der Berg"],
        8000,
        12,
        (p) => cap(p(LATIN_ON) + p(LATIN_V) + p(LATIN_CODA) + p(LATIN_V) + p(LATIN_END)),
      ),
    },
    {
      group: 2,
      script: "Devanagari",
      familyFirst: false,
      given: pool(
        ["पेम्बा", "सीता", "राम", "अनिता", "प्रकाश", "सुनिता", "राजेश", "प्रिया", "अमित", "लक्ष्मी"],
        600,
        21,
        (p) => p(DEVA_C) + p(DEVA_V) + p(DEVA_C) + p(DEVA_V),
      ),
      family: pool(
        ["शर्मा", "श्रेष्ठ", "गुरुङ", "तामाङ", "शेर्पा", "राई", "लिम्बु", "मगर", "थापा", "अधिकारी", "पौडेल", "पटेल", "सिंह", "गुप्ता"],
        1500,
        22,
        (p) => p(DEVA_C) + p(DEVA_V) + p(DEVA_C) + p(DEVA_V) + p(DEVA_C),
      ),
    },
    {
      group: 3,
      script: "Han",
      familyFirst: true,
      given: pool([], 3000, 31, (p) => p(HAN_GIVEN) + (p([0, 1, 1, 1]) ? p(HAN_GIVEN) : "")),
      family: HAN_FAMILY,
    },
    {
      group: 4,
      script: "Japanese",
      familyFirst: true,
      given: JA_GIVEN,
      family: pool(JA_FAMILY, 600, 41, (p) => p(JA_PARTS) + p(JA_PARTS)),
    },
    {
      group: 5,
      script: "Hangul",
      familyFirst: true,
      given: pool([], 1200, 51, (p) => p(KO_SYL) + p(KO_SYL)),
      family: KO_FAMILY,
    },
    {
      group: 6,
      script: "Cyrillic",
      familyFirst: false,
      given: pool(["Анна", "Иван", "Ольга", "Дмитрий", "Мария", "Сергей"], 300, 61, (p) =>
        cap(p(CYR_ON) + p(CYR_V) + p(CYR_ON) + p(["а", "ий", "ей", "ия", "ан"])),
      ),
      family: pool(["Иванова", "Смирнов", "Кузнецова", "Попов", "Соколов"], 2500, 62, (p) =>
        cap(p(CYR_ON) + p(CYR_V) + p(CYR_ON) + p(CYR_V) + p(["ов", "ова", "ев", "ин", "енко"])),
      ),
    },
    {
      group: 7,
      script: "Greek",
      familyFirst: false,
      given: pool(["Ελένη", "Γιώργος", "Μαρία", "Νίκος"], 200, 71, (p) => p(GREEK_ON) + p(GREEK_SYL) + p(["ς", "α", "η", "ος"])),
      family: pool(["Παπαδόπουλος", "Οικονόμου", "Γεωργίου"], 1000, 72, (p) => p(GREEK_ON) + p(GREEK_SYL) + p(GREEK_SYL) + p(["πουλος", "ίδης", "άκης", "ου"])),
    },
    {
      group: 8,
      script: "Thai",
      familyFirst: false,
      given: pool(["สมชาย", "สมศรี", "วิชัย"], 300, 81, (p) => p(THAI_C) + p(THAI_V) + p(THAI_C) + p(THAI_V) + p(THAI_C)),
      family: pool(["ศรีสุข", "วงศ์ใหญ่"], 1500, 82, (p) => p(THAI_C) + p(THAI_V) + p(THAI_C) + p(THAI_C) + p(THAI_V) + p(THAI_C)),
    },
    {
      group: 9,
      script: "Hebrew",
      familyFirst: false,
      given: pool(["נועה", "דוד", "מאיה", "יוסף"], 200, 91, (p) => p(HEB) + p(HEB) + p(HEB) + p(["ה", "י", ""])),
      family: pool(["כהן", "לוי", "מזרחי", "פרץ", "ביטון"], 800, 92, (p) => p(HEB) + p(HEB) + p(HEB) + p(HEB)),
    },
    {
      group: 10,
      script: "Arabic",
      familyFirst: false,
      given: pool(["محمد", "أحمد", "فاطمة", "علي", "مريم"], 300, 101, (p) => p(ARAB) + p(ARAB_V) + p(ARAB) + p(ARAB)),
      family: pool(["العلي", "حسن", "المصري", "الحسيني"], 1200, 102, (p) => "ال" + p(ARAB) + p(ARAB_V) + p(ARAB) + p(ARAB)),
    },
  ];
}

/**
 * Who comes (by country name, as in the countries table) and in which script they write; shares
 * in thousandths, roughly the board's published arrivals by nationality. Countries not listed
 * share what is left, writing Latin.
 */
export const NATIONALITY_SHARES: readonly { country: string; share: number; group: number }[] = [
  { country: "China", share: 120, group: 3 },
  { country: "India", share: 60, group: 2 },
  { country: "United States", share: 80, group: 1 },
  { country: "United Kingdom", share: 60, group: 1 },
  { country: "Germany", share: 50, group: 1 },
  { country: "France", share: 50, group: 1 },
  { country: "South Korea", share: 45, group: 5 },
  { country: "Australia", share: 40, group: 1 },
  { country: "Israel", share: 30, group: 9 },
  { country: "Spain", share: 30, group: 1 },
  { country: "Japan", share: 25, group: 4 },
  { country: "Netherlands", share: 25, group: 1 },
  { country: "Russia", share: 20, group: 6 },
  { country: "Canada", share: 20, group: 1 },
  { country: "Thailand", share: 20, group: 8 },
  { country: "Poland", share: 15, group: 1 },
  { country: "Italy", share: 15, group: 1 },
  { country: "Taiwan", share: 15, group: 3 },
  { country: "Switzerland", share: 15, group: 1 },
  { country: "Ukraine", share: 10, group: 6 },
  { country: "Greece", share: 8, group: 7 },
  { country: "Nepal", share: 20, group: 2 },
  { country: "Bangladesh", share: 10, group: 2 },
  { country: "Saudi Arabia", share: 5, group: 10 },
  { country: "United Arab Emirates", share: 5, group: 10 },
  { country: "Egypt", share: 5, group: 10 },
  { country: "Jordan", share: 4, group: 10 },
];
