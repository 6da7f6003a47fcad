// A narrow browser entry of the cards module (ADR 0016, 0029): the TIMS Cards list alone, so its page loads no other list.
export { timsCardsList } from "./lists/tims-cards";
