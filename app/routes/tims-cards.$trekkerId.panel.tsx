import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { TrekkerPanel } from "@modules/cards/components/trekker-panel";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return requireTrekkerPanel(request, params.trekkerId);
}

export default function CardListPanel() {
  const { trekker, card } = useLoaderData<typeof loader>();
  return <TrekkerPanel trekker={trekker} card={card} closeTo="/tims-cards" />;
}
