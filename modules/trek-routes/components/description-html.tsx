import { cx } from "@lib/ui/class-names";
import { DESCRIPTION_CLASS } from "../description-class";

/** Renders description HTML. Only pass HTML the server has just sanitised. */
export function DescriptionHtml({ html, className }: { html: string; className?: string }) {
  return <div className={cx(DESCRIPTION_CLASS, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
