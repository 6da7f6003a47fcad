import { controlOf, followDate } from "@lib/ui/browser/dom";

const PLACEHOLDER = "Choose an option";

/**
 * TrekFields' behaviour without React: the point lists show the chosen route's points only (the
 * server sends every route's as an option group, data-route, which is what works without
 * JavaScript), and the exit date waits for the entry date.
 */
export function enhanceTrekFields(form: HTMLFormElement) {
  const route = controlOf(form, "routeId") as HTMLSelectElement | null;
  const pointSelects = ["entryPoint", "exitPoint"].map((n) => controlOf(form, n) as HTMLSelectElement | null).filter((s): s is HTMLSelectElement => Boolean(s));
  const points = new Map<string, string[]>();
  pointSelects[0]?.querySelectorAll("optgroup").forEach((g) => points.set(g.dataset.route ?? "", [...g.querySelectorAll("option")].map((o) => o.value)));
  function showPoints() {
    const list = points.get(route?.value ?? "") ?? [];
    for (const select of pointSelects) {
      const kept = select.value;
      select.replaceChildren(new Option(PLACEHOLDER, ""), ...list.map((p) => new Option(p, p)));
      select.value = list.includes(kept) ? kept : "";
    }
  }
  if (route && pointSelects.length) {
    route.addEventListener("change", showPoints);
    showPoints();
  }
  followDate(form, "entryDate", "exitDate");
}
