import { TrekRoute } from "./models/trek-route.server";
import { createRoute, type RouteInput } from "./service.server";

/**
 * Real Nepal treks with their provinces (1 Koshi, 3 Bagmati, 4 Gandaki) and the places where
 * checkposts and check-ins happen, start and end point outside the checkpoint list.
 */
export const DEMO_ROUTES: RouteInput[] = [
  {
    name: "Annapurna Circuit",
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: ["Dharapani", "Chame", "Manang", "Thorong Phedi", "Muktinath"].map((name) => ({ name })),
    description:
      "<p>The classic circuit around the <strong>Annapurna massif</strong>, from the subtropical Marsyangdi valley over the <em>Thorong La (5,416 m)</em> to the Kali Gandaki.</p><ul><li>Best seasons: spring and autumn</li><li>Acclimatise in Manang</li></ul>",
  },
  {
    name: "Everest Base Camp",
    provinceId: 1,
    startPoint: "Lukla",
    endPoint: "Everest Base Camp",
    checkpoints: ["Monjo", "Namche Bazaar", "Tengboche", "Dingboche", "Lobuche", "Gorak Shep"].map((name) => ({ name })),
    description:
      "<p>Through the Sherpa villages of the <strong>Khumbu</strong> and Sagarmatha National Park to the foot of the world's highest mountain.</p><ul><li>National park entry at Monjo</li><li>Rest days in Namche Bazaar and Dingboche</li></ul>",
  },
  {
    name: "Langtang Valley",
    provinceId: 3,
    startPoint: "Syabrubesi",
    endPoint: "Kyanjin Gompa",
    checkpoints: ["Bamboo", "Lama Hotel", "Ghodatabela", "Langtang Village"].map((name) => ({ name })),
    description:
      "<p>A short trek north of Kathmandu up the <strong>Langtang Khola</strong> through Tamang villages to the monastery and cheese factory at Kyanjin Gompa.</p>",
  },
  {
    name: "Manaslu Circuit",
    provinceId: 4,
    startPoint: "Soti Khola",
    endPoint: "Dharapani",
    checkpoints: ["Machha Khola", "Jagat", "Deng", "Namrung", "Samagaun", "Samdo", "Dharmasala", "Bimthang"].map((name) => ({ name })),
    description:
      "<p>A restricted-area circuit around <strong>Manaslu (8,163 m)</strong> along the Budhi Gandaki and over the <em>Larkya La (5,106 m)</em>.</p><ul><li>Restricted area permit and a licensed guide required</li></ul>",
  },
  {
    name: "Annapurna Base Camp",
    provinceId: 4,
    startPoint: "Nayapul",
    endPoint: "Annapurna Base Camp",
    checkpoints: ["Ghandruk", "Chhomrong", "Bamboo", "Deurali", "Machhapuchhre Base Camp"].map((name) => ({ name })),
    description: "<p>Up the Modi Khola gorge into the <strong>Annapurna Sanctuary</strong>, a ring of peaks above 7,000 m.</p>",
  },
];

/** Idempotent: a demo route whose name exists already is left alone. */
export async function seedDemoRoutes(): Promise<void> {
  for (const route of DEMO_ROUTES) {
    if (await TrekRoute.count({ where: { name: route.name } })) continue;
    await createRoute(route);
  }
}
