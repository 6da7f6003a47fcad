// A narrow browser entry of the cards module (ADR 0016, 0029): the TIMS Card Return list alone, so its page loads no other list.
export { cardReturnsList } from "./lists/card-returns";
