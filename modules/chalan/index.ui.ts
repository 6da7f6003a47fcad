// The chalan module's entry for React pages: components and list declarations (modules/chalan/README.md).
export { type ChalanLogRow, chalanErrorList, pushedChalanList } from "./chalan-lists";
