import { displayDate, displayDateTime } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { documentLabel } from "../documents";

/** One stored agency document as a loader sends it (dates arrive as strings after serialisation). */
export interface DocumentGroupItem {
  id: number;
  documentType: number;
  fileName: string;
  fileKind: string;
  createdAt: Date | string;
}

export interface DocumentGroup {
  date: string;
  documents: readonly DocumentGroupItem[];
}

/**
 * An agency's documents grouped by upload date, newest first: images shown, PDFs as links, each
 * with its file name and time. Files are served by /requests/:agencyId/documents/:docId, which
 * checks canSeeAgencyDocuments itself. Used by the request detail and the agency's user view.
 */
export function DocumentGroups({ agencyId, groups }: { agencyId: number; groups: readonly DocumentGroup[] }) {
  const { t, lng } = useT();
  if (!groups.length) return <p className="text-slate-500">{t("No Data Found")}</p>;
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <div key={group.date}>
          {/* Under the page's h1 and its tabs: the next level (axe heading-order). */}
          <h2 className="mb-3 font-semibold text-slate-700">{displayDate(group.date, lng)}</h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.documents.map((d) => {
              const href = `/requests/${agencyId}/documents/${d.id}`;
              return (
                <li key={d.id} className="rounded border border-slate-200 p-3">
                  <p className="text-sm font-medium text-slate-700">{t(documentLabel(d.documentType))}</p>
                  {d.fileKind === "pdf" ? (
                    <a href={href} target="_blank" rel="noreferrer" className="mt-2 block text-blue-700 underline">
                      {d.fileName}
                    </a>
                  ) : (
                    <a href={href} target="_blank" rel="noreferrer" className="mt-2 block">
                      <img src={href} alt={d.fileName} loading="lazy" className="h-32 w-full rounded object-cover" />
                      <span className="mt-1 block text-sm text-blue-700 underline">{d.fileName}</span>
                    </a>
                  )}
                  <p className="mt-1 text-xs text-slate-500">{displayDateTime(d.createdAt, lng)}</p>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
