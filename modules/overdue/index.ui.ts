// A narrow browser entry of the overdue module (ADR 0016): the dashboard block and the mark-safe form.
export { OverdueBlock, MarkSafeForm } from "./components/overdue-ui";
export { CaseMoveForm, RescueSheetLinks } from "./components/case-ui";
export { CaseTimelineList, RescueSheet, type RescueSheetView } from "./components/rescue-sheet";
export { overdueCaseList, type CaseListRow } from "./case-list";
