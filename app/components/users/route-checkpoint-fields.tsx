import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { SelectField } from "@lib/ui/field";

export interface RouteChoiceView {
  id: number;
  name: string;
  checkpoints: { id: number; name: string }[];
}

/**
 * Route, then a checkpost of that route, on a document page (ADR 0043). The checkpost list holds
 * each route's checkpoints as a group named for the route; the page's script offers only the
 * chosen route's (`dependsOn`). Without JavaScript every group shows. The server checks the pair.
 */
export function RouteCheckpointFields({
  routes,
  route,
  checkpoint,
}: {
  routes: readonly RouteChoiceView[];
  route: FieldMetadata<number | undefined>;
  checkpoint: FieldMetadata<number | undefined>;
}) {
  const { key: routeKey, ...routeProps } = getSelectProps(route);
  const { key: _checkpointKey, ...checkpointProps } = getSelectProps(checkpoint);
  return (
    <>
      <SelectField key={routeKey} label="Route" {...routeProps} options={routes.map((r) => ({ value: r.id, label: r.name }))} errors={route.errors} />
      <SelectField
        label="Checkpost"
        {...checkpointProps}
        groups={routes.map((r) => ({ value: r.id, label: r.name, options: r.checkpoints.map((c) => ({ value: c.id, label: c.name })) }))}
        dependsOn={route.name}
        errors={checkpoint.errors}
      />
    </>
  );
}
