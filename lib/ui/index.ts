export { Button, LinkButton, buttonClass } from "@lib/ui/button";
export type { ButtonProps, ButtonSize, ButtonVariant, LinkButtonProps } from "@lib/ui/button";
export { cx } from "@lib/ui/class-names";
export {
  Checkbox,
  FormErrors,
  SELECT_PLACEHOLDER,
  SelectField,
  TextArea,
  TextField,
} from "@lib/ui/field";
export type {
  CheckboxProps,
  FormErrorsProps,
  SelectFieldProps,
  SelectOption,
  TextAreaProps,
  TextFieldProps,
} from "@lib/ui/field";
export { FileField } from "@lib/ui/file-field";
export type { FileFieldProps } from "@lib/ui/file-field";
export { ConfirmDialog, DEFAULT_CONFIRM_MESSAGE, Modal } from "@lib/ui/modal";
export type { ConfirmDialogProps, ModalProps, ModalSize } from "@lib/ui/modal";
export { PageHeader } from "@lib/ui/page-header";
export type { Breadcrumb, PageHeaderProps } from "@lib/ui/page-header";
export { Pagination } from "@lib/ui/pagination";
export type { PaginationProps } from "@lib/ui/pagination";
export { SidePanel } from "@lib/ui/side-panel";
export type { SidePanelProps, SidePanelWidth } from "@lib/ui/side-panel";
export { DataTable, EMPTY_TEXTS } from "@lib/ui/table";
export type { DataTableColumn, DataTableProps } from "@lib/ui/table";
export { Tabs } from "@lib/ui/tabs";
export type { TabItem, TabsProps } from "@lib/ui/tabs";
export { TOAST_TIMEOUT_MS, Toasts } from "@lib/ui/toasts";
export type { ToastMessage, ToastsProps, ToastType } from "@lib/ui/toasts";
export { useHydrated } from "@lib/ui/use-hydrated";
export { useLazyValidation } from "@lib/ui/lazy-validation";
export type { OnValidate, SchemaLoader } from "@lib/ui/lazy-validation";
