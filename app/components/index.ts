export { Button, LinkButton, buttonClass } from "./button";
export type { ButtonProps, ButtonSize, ButtonVariant, LinkButtonProps } from "./button";
export { cx } from "./class-names";
export {
  Checkbox,
  FileField,
  FormErrors,
  SELECT_PLACEHOLDER,
  SelectField,
  TextArea,
  TextField,
} from "./field";
export type {
  CheckboxProps,
  FileFieldProps,
  FormErrorsProps,
  SelectFieldProps,
  SelectOption,
  TextAreaProps,
  TextFieldProps,
} from "./field";
export { ConfirmDialog, DEFAULT_CONFIRM_MESSAGE, Modal } from "./modal";
export type { ConfirmDialogProps, ModalProps, ModalSize } from "./modal";
export { PageHeader } from "./page-header";
export type { Breadcrumb, PageHeaderProps } from "./page-header";
export { Pagination } from "./pagination";
export type { PaginationProps } from "./pagination";
export { SidePanel } from "./side-panel";
export type { SidePanelProps, SidePanelWidth } from "./side-panel";
export { DataTable, EMPTY_TEXTS } from "./table";
export type { DataTableColumn, DataTableProps } from "./table";
export { Tabs } from "./tabs";
export type { TabItem, TabsProps } from "./tabs";
export { TOAST_TIMEOUT_MS, Toasts } from "./toasts";
export type { ToastMessage, ToastsProps, ToastType } from "./toasts";
export { useHydrated } from "./use-hydrated";
