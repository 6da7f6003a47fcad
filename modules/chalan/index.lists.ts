// The chalan logs' list declarations, apart from index.ts: the chalan pages import index.ts for
// its messages, and a barrel that also re-exported the lists made those pages load the list kit (ADR 0036).
export type { ChalanLogRow } from "./chalan-lists";
export { chalanErrorList, pushedChalanList } from "./chalan-lists";
