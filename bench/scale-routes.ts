/**
 * Nepal's trekking routes for bench/seed-scale.ts: real names, their usual length in days, their
 * checkpoints from start to end, the province, and a weight (how many trekkers choose them: the
 * Everest, Annapurna and Langtang regions take most; the restricted areas few).
 */
export interface ScaleRoute {
  name: string;
  provinceId: number;
  days: number;
  weight: number;
  checkpoints: readonly string[];
}

export const SCALE_ROUTES: readonly ScaleRoute[] = [
  { name: "Everest Base Camp", provinceId: 1, days: 12, weight: 16, checkpoints: ["Lukla", "Monjo", "Namche Bazaar", "Tengboche", "Dingboche", "Gorak Shep"] },
  { name: "Annapurna Circuit", provinceId: 4, days: 14, weight: 14, checkpoints: ["Besisahar", "Chame", "Manang", "Thorong Phedi", "Muktinath", "Jomsom"] },
  { name: "Annapurna Base Camp", provinceId: 4, days: 10, weight: 12, checkpoints: ["Nayapul", "Ghandruk", "Chhomrong", "Deurali", "Annapurna Base Camp"] },
  { name: "Ghorepani Poon Hill", provinceId: 4, days: 5, weight: 10, checkpoints: ["Nayapul", "Tikhedhunga", "Ghorepani", "Tadapani"] },
  { name: "Langtang Valley", provinceId: 3, days: 8, weight: 7, checkpoints: ["Syabrubesi", "Lama Hotel", "Langtang Village", "Kyanjin Gompa"] },
  { name: "Gokyo Lakes", provinceId: 1, days: 12, weight: 4, checkpoints: ["Lukla", "Namche Bazaar", "Dole", "Machhermo", "Gokyo"] },
  { name: "Manaslu Circuit", provinceId: 4, days: 14, weight: 4, checkpoints: ["Soti Khola", "Jagat", "Namrung", "Samagaon", "Dharmasala", "Dharapani"] },
  { name: "Mardi Himal", provinceId: 4, days: 6, weight: 3, checkpoints: ["Kande", "Forest Camp", "High Camp", "Siding"] },
  { name: "Upper Mustang", provinceId: 4, days: 12, weight: 2, checkpoints: ["Jomsom", "Kagbeni", "Chele", "Tsarang", "Lo Manthang"] },
  { name: "Everest Three Passes", provinceId: 1, days: 18, weight: 2, checkpoints: ["Lukla", "Namche Bazaar", "Chhukung", "Lobuche", "Gokyo", "Thame"] },
  { name: "Gosaikunda", provinceId: 3, days: 7, weight: 2, checkpoints: ["Dhunche", "Sing Gompa", "Gosaikunda", "Tharepati", "Sundarijal"] },
  { name: "Helambu", provinceId: 3, days: 6, weight: 2, checkpoints: ["Sundarijal", "Chisapani", "Kutumsang", "Tarkeghyang", "Melamchi Pul"] },
  { name: "Tamang Heritage Trail", provinceId: 3, days: 7, weight: 1, checkpoints: ["Syabrubesi", "Gatlang", "Tatopani", "Briddim"] },
  { name: "Tsum Valley", provinceId: 4, days: 12, weight: 1, checkpoints: ["Soti Khola", "Lokpa", "Chumling", "Chhokangparo", "Mu Gompa"] },
  { name: "Khopra Ridge", provinceId: 4, days: 8, weight: 1, checkpoints: ["Nayapul", "Ghorepani", "Khopra", "Swanta"] },
  { name: "Mohare Danda", provinceId: 4, days: 6, weight: 1, checkpoints: ["Galeshwor", "Nangi", "Mohare Danda", "Tikot"] },
  { name: "Nar Phu Valley", provinceId: 4, days: 10, weight: 1, checkpoints: ["Koto", "Meta", "Phu", "Nar", "Ngawal"] },
  { name: "Dhaulagiri Circuit", provinceId: 4, days: 16, weight: 1, checkpoints: ["Darbang", "Italian Base Camp", "French Pass", "Hidden Valley", "Marpha"] },
  { name: "Kanchenjunga North Base Camp", provinceId: 1, days: 20, weight: 1, checkpoints: ["Taplejung", "Sekathum", "Ghunsa", "Kambachen", "Pangpema"] },
  { name: "Kanchenjunga South Base Camp", provinceId: 1, days: 16, weight: 1, checkpoints: ["Taplejung", "Yamphudin", "Tseram", "Ramche"] },
  { name: "Makalu Base Camp", provinceId: 1, days: 18, weight: 1, checkpoints: ["Num", "Seduwa", "Khongma", "Yangri Kharka", "Makalu Base Camp"] },
  { name: "Upper Dolpo", provinceId: 6, days: 22, weight: 1, checkpoints: ["Juphal", "Dunai", "Phoksundo", "Shey Gompa", "Saldang"] },
  { name: "Lower Dolpo", provinceId: 6, days: 14, weight: 1, checkpoints: ["Juphal", "Dunai", "Tarakot", "Dho Tarap", "Phoksundo"] },
  { name: "Rara Lake", provinceId: 6, days: 9, weight: 1, checkpoints: ["Jumla", "Chere Chaur", "Gorosingha", "Rara Lake", "Talcha"] },
  { name: "Limi Valley", provinceId: 6, days: 16, weight: 1, checkpoints: ["Simikot", "Kermi", "Tumkot", "Til", "Halji"] },
  { name: "Rolwaling Valley", provinceId: 3, days: 15, weight: 1, checkpoints: ["Chetchet", "Simigaun", "Beding", "Na Gaun", "Tsho Rolpa"] },
  { name: "Pikey Peak", provinceId: 1, days: 7, weight: 1, checkpoints: ["Dhap", "Jhapre", "Pikey Base Camp", "Junbesi"] },
  { name: "Everest View", provinceId: 1, days: 6, weight: 2, checkpoints: ["Lukla", "Phakding", "Namche Bazaar", "Khumjung"] },
  { name: "Ruby Valley", provinceId: 3, days: 9, weight: 1, checkpoints: ["Syabrubesi", "Gatlang", "Somdang", "Tipling"] },
  { name: "Ganesh Himal Base Camp", provinceId: 3, days: 12, weight: 1, checkpoints: ["Arughat", "Lapubesi", "Chhaling", "Ganesh Base Camp"] },
  { name: "Kathmandu Valley Rim", provinceId: 3, days: 5, weight: 1, checkpoints: ["Sundarijal", "Chisapani", "Nagarkot", "Dhulikhel"] },
  {
    name: "Jiri to Everest Base Camp",
    provinceId: 3,
    days: 20,
    weight: 1,
    checkpoints: ["Jiri", "Bhandar", "Junbesi", "Lukla", "Namche Bazaar", "Gorak Shep"],
  },
  { name: "Numbur Cheese Circuit", provinceId: 3, days: 10, weight: 1, checkpoints: ["Shivalaya", "Thodung", "Dudh Kunda", "Lapchu Kharka"] },
  { name: "Dhorpatan", provinceId: 5, days: 12, weight: 1, checkpoints: ["Beni", "Dharapani", "Jaljala", "Dhorpatan"] },
  { name: "Api Base Camp", provinceId: 7, days: 14, weight: 1, checkpoints: ["Khalanga", "Makarigad", "Sunsera", "Api Base Camp"] },
  { name: "Khaptad", provinceId: 7, days: 7, weight: 1, checkpoints: ["Jhigrana", "Khaptad Baba Ashram", "Tribeni", "Bichpani"] },
  { name: "Saipal Base Camp", provinceId: 7, days: 16, weight: 1, checkpoints: ["Chainpur", "Dhuli", "Saipal Base Camp"] },
  { name: "Panch Pokhari", provinceId: 3, days: 10, weight: 1, checkpoints: ["Chautara", "Nawalpur", "Hille Bhanjyang", "Panch Pokhari"] },
  { name: "Arun Valley", provinceId: 1, days: 14, weight: 1, checkpoints: ["Tumlingtar", "Khandbari", "Salpa Pass", "Bung", "Lukla"] },
  { name: "Solu Dudhkunda", provinceId: 1, days: 9, weight: 1, checkpoints: ["Phaplu", "Ringmo", "Lhamjura", "Dudhkunda"] },
  { name: "Royal Trek", provinceId: 4, days: 4, weight: 1, checkpoints: ["Kalikasthan", "Chisopani", "Shaklung", "Begnas"] },
  { name: "Siklis", provinceId: 4, days: 6, weight: 1, checkpoints: ["Ghalekharka", "Siklis", "Tara Hill", "Parche"] },
];
