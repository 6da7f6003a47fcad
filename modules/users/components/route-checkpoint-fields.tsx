import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Button } from "@lib/ui/button";
import { SelectField } from "@lib/ui/field";
import { useHydrated } from "@lib/ui/use-hydrated";
import { LOAD_CHECKPOINTS_INTENT } from "../form-names";

export interface RouteChoiceView {
  id: number;
  name: string;
  checkpoints: { id: number; name: string }[];
}

/**
 * Route, then a checkpost of that route. With JavaScript the checkpost choices follow the route
 * at once; without it, "Load checkpoints" posts the form back and the server renders the route's
 * checkpoints. The server checks the pair either way.
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
  const hydrated = useHydrated();
  const [routeId, setRouteId] = useState(route.initialValue == null ? "" : String(route.initialValue));
  const checkpoints = routes.find((r) => String(r.id) === routeId)?.checkpoints ?? [];
  const { key: routeKey, ...routeProps } = getSelectProps(route);
  const { key: _checkpointKey, ...checkpointProps } = getSelectProps(checkpoint);
  return (
    <>
      <div className="flex items-end gap-2">
        <SelectField
          key={routeKey}
          label="Route"
          {...routeProps}
          className="flex-1"
          options={routes.map((r) => ({ value: r.id, label: r.name }))}
          onChange={(event) => setRouteId(event.currentTarget.value)}
          errors={route.errors}
        />
        {hydrated ? null : (
          <Button type="submit" name="intent" value={LOAD_CHECKPOINTS_INTENT} variant="secondary" formNoValidate>
            Load checkpoints
          </Button>
        )}
      </div>
      <SelectField
        // A new route gives a fresh select, so no checkpost of the previous route stays chosen.
        key={`checkpoints-${routeId}`}
        label="Checkpost"
        {...checkpointProps}
        options={checkpoints.map((c) => ({ value: c.id, label: c.name }))}
        errors={checkpoint.errors}
        hint={routeId ? undefined : "Choose a route first"}
      />
    </>
  );
}
