// The BS months on their own, apart from the date-range texts (texts.ts): the browser's BS writer
// (compact.ts, loaded on Nepali pages only) needs them, and sharing texts.ts with it split those
// texts into a chunk of their own on every list page (about 0.5 KB more each).

/** The BS months in order, in the spellings Nepal's calendars print (English and Devanagari). */
export const BS_MONTHS: readonly { english: string; devanagari: string }[] = [
  { english: "Baishakh", devanagari: "वैशाख" },
  { english: "Jestha", devanagari: "जेठ" },
  { english: "Ashadh", devanagari: "असार" },
  { english: "Shrawan", devanagari: "साउन" },
  { english: "Bhadra", devanagari: "भदौ" },
  { english: "Ashwin", devanagari: "असोज" },
  { english: "Kartik", devanagari: "कार्तिक" },
  { english: "Mangsir", devanagari: "मंसिर" },
  { english: "Poush", devanagari: "पुष" },
  { english: "Magh", devanagari: "माघ" },
  { english: "Falgun", devanagari: "फागुन" },
  { english: "Chaitra", devanagari: "चैत" },
];
