/** What the registration forms need of a Conform field: enough to render an uncontrolled input. */
export interface FieldMeta {
  name: string;
  id: string;
  key?: string;
  errors?: string[];
  initialValue?: unknown;
}
export type FieldMap = Record<string, FieldMeta>;

export function inputProps(f: FieldMeta | undefined, name: string) {
  return {
    id: f?.id ?? name,
    name: f?.name ?? name,
    defaultValue: f?.initialValue == null ? "" : String(f.initialValue),
    errors: f?.errors,
  };
}
