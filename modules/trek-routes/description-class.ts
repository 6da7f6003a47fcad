// In the light entry (index.ts): the route form's editor needs the class, not the list declarations of index.ui.ts.
/** Tailwind's reset strips list bullets and heading sizes; the description gets them back. */
export const DESCRIPTION_CLASS =
  "text-sm leading-6 text-gray-800 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 " +
  "[&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:font-semibold [&_h4]:mb-2 [&_h4]:font-medium " +
  "[&_a]:text-blue-700 [&_a]:underline [&_blockquote]:mb-3 [&_blockquote]:border-l-4 [&_blockquote]:border-gray-200 [&_blockquote]:pl-3";
