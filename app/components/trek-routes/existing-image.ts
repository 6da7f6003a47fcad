/** A route image already stored, as the route form's image field lists it. */
export interface ExistingImage {
  id: number;
  fileName: string;
  src: string;
}
