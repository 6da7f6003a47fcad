import "../setup/compose";
/** One person's name in each script a card must carry as written (issue 28, item 1). */
export const NAMES_BY_SCRIPT: readonly (readonly [script: string, name: string])[] = [
  ["Devanagari", "पेम्बा तामाङ"],
  ["Chinese", "王小明"],
  ["Japanese", "山田 花子"],
  ["Korean", "김민준"],
  ["Cyrillic", "Анна Иванова"],
  ["Greek", "Γιώργος Παπαδόπουλος"],
  ["Thai", "สมชาย ใจดี"],
  ["Hebrew", "דוד כהן"],
  ["Arabic", "محمد الأحمد"],
];
